/** Where Chainhooks events go: a URL, and the secret sent as `Authorization: Bearer <secret>`. */
export interface ChainhooksTarget {
  readonly url: string;
  readonly secret?: string;
}

export interface PusherOptions {
  /** Deliveries tried per event before it is given up (default 5). */
  readonly attempts?: number;
  /** Wait before the first retry, doubled on each later one (default 200 ms). */
  readonly backoffMs?: number;
  /** Per-request timeout (default 10 s). */
  readonly timeoutMs?: number;
  readonly log?: (message: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Delivers events to one URL, in order and one at a time. `push` only queues (block production
 * never waits on a receiver); a failed delivery (network error or non-2xx) is retried with
 * exponential backoff a bounded number of times, then given up so the next event goes out.
 */
export class ChainhooksPusher {
  private target: ChainhooksTarget | undefined;
  private readonly queue: Array<{ target: ChainhooksTarget; body: string }> = [];
  private running: Promise<void> | undefined;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly log: (message: string) => void;
  /** Deliveries that got a 2xx, and events given up after every attempt failed. */
  delivered = 0;
  failed = 0;

  constructor(target?: ChainhooksTarget, options: PusherOptions = {}) {
    this.target = target;
    this.attempts = Math.max(1, options.attempts ?? 5);
    this.backoffMs = options.backoffMs ?? 200;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.log = options.log ?? ((message) => console.error(`[devnet] chainhooks: ${message}`));
  }

  /** The current target (undefined: not pushing). */
  get current(): ChainhooksTarget | undefined {
    return this.target;
  }

  /** Points the pusher at a URL (or stops it). Events already queued keep their target. */
  configure(target: ChainhooksTarget | undefined): void {
    this.target = target;
  }

  /** Queues an event for the current target; nothing happens when there is none. */
  push(payload: unknown): void {
    if (!this.target) return;
    this.queue.push({ target: this.target, body: JSON.stringify(payload) });
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once every queued event was delivered or given up. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      await this.deliver(next.target, next.body);
    }
  }

  private async deliver(target: ChainhooksTarget, body: string): Promise<void> {
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      try {
        const response = await fetch(target.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(target.secret ? { authorization: `Bearer ${target.secret}` } : {}),
          },
          body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        await response.body?.cancel();
        if (response.ok) {
          this.delivered += 1;
          return;
        }
        this.log(`${target.url} answered ${response.status} (attempt ${attempt}/${this.attempts})`);
      } catch (error) {
        this.log(
          `${target.url} unreachable: ${error instanceof Error ? error.message : String(error)} (attempt ${attempt}/${this.attempts})`,
        );
      }
      if (attempt < this.attempts) await sleep(this.backoffMs * 2 ** (attempt - 1));
    }
    this.failed += 1;
  }
}
