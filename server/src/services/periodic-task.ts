/**
 * Runs `tick` again `intervalMs` after each run finishes (never overlapping), until stopped; a
 * failing tick is logged and the loop goes on. Background workers are built on it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly tick: () => Promise<unknown>,
  ) {}

  start(): void {
    const loop = () => {
      this.running = this.tick()
        .catch((err) => console.error(`${this.name} failed`, err))
        .finally(() => {
          this.running = null;
          if (this.timer !== null) this.timer = setTimeout(loop, this.intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops scheduling and waits for a tick in progress to finish. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
