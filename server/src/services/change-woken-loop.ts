import type { Listening, NotificationSource } from "../db/notifications.ts";
import { CHANGES_CHANNEL, type Change, parseChange } from "./change-feed.ts";
import type { PeriodicTask } from "./periodic-task.ts";

/** What the loop drives of a periodic task, whatever its passes return. */
type WakeableTask = Pick<PeriodicTask<unknown>, "start" | "wake" | "stop">;

/**
 * A periodic task that the database's change feed wakes (the settlement watcher, the webhook and
 * mail workers). Given notifications it listens first, then starts the task, so a change committed
 * in between is never missed; each committed change for which `wakesOn` says yes wakes it, and so
 * does a lost LISTEN connection coming back (changes may have been missed meanwhile). Without
 * notifications, or if LISTEN fails, the task runs on its own timer (at most `restMs` apart).
 */
export class ChangeWokenLoop {
  private listening: Promise<Listening | null> | null = null;
  private stopped = false;

  constructor(
    /** Names the loop in log lines (`webhook worker`, `settlement watcher`). */
    private readonly name: string,
    private readonly task: WakeableTask,
    private readonly notifications: NotificationSource | null,
    /** Whether a committed change — its kind, when it names one — should wake the task now. */
    private readonly wakesOn: (kind: Change["kind"] | undefined) => boolean,
    private readonly restMs: number,
  ) {}

  start(): void {
    const source = this.notifications;
    if (!source) {
      this.task.start();
      return;
    }
    this.listening = source
      .listen(CHANGES_CHANNEL, {
        onNotify: (payload) => {
          if (this.wakesOn(parseChange(payload)?.kind)) this.task.wake();
        },
        onReconnect: () => this.task.wake(),
      })
      .catch((error: unknown) => {
        console.error(`${this.name}: LISTEN failed; running at most every`, this.restMs, "ms", error);
        return null;
      });
    void this.listening.then(() => {
      if (!this.stopped) this.task.start();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const listening = await this.listening;
    this.listening = null;
    await Promise.all([this.task.stop(), listening?.close()]);
  }
}
