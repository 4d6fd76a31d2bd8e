export interface PeriodicTaskOptions<T> {
  /**
   * How long to wait after a tick that returned `result`, at most the task's interval (a worker
   * that knows when its next job is due sleeps until then, not a full interval). Default: the interval.
   */
  delayAfter?: (result: T) => number;
}

/**
 * Runs `tick` again `intervalMs` after each run finishes (never overlapping), until stopped; a
 * failing tick is logged and the loop goes on. {@link wake} runs it early (a worker told that work
 * arrived). Background workers are built on it.
 */
export class PeriodicTask<T = unknown> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private started = false;
  /** Woken while a tick ran: the next one starts as soon as it ends. */
  private wokenWhileRunning = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly tick: () => Promise<T>,
    private readonly options: PeriodicTaskOptions<T> = {},
  ) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Runs the tick now, or right after the one in progress (which may have missed the news). */
  wake(): void {
    if (!this.started) return;
    if (this.running) this.wokenWhileRunning = true;
    else this.schedule(0);
  }

  /** Stops scheduling and waits for a tick in progress to finish. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
  }

  private run(): void {
    this.timer = null;
    this.wokenWhileRunning = false;
    let delay = this.intervalMs;
    this.running = this.tick()
      .then((result) => {
        const wanted = this.options.delayAfter?.(result) ?? this.intervalMs;
        if (Number.isFinite(wanted)) delay = Math.max(0, Math.min(this.intervalMs, wanted));
      })
      .catch((err) => console.error(`${this.name} failed`, err))
      .finally(() => {
        this.running = null;
        if (this.started) this.schedule(this.wokenWhileRunning ? 0 : delay);
      });
  }
}
