import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { Listening, NotificationSource } from "../db/notifications.ts";

/** The channel migration 010's triggers notify on. */
export const CHANGES_CHANNEL = "spay_changes";

/** A committed change, as the triggers announce it: ids only, the listener re-reads the row. */
export type Change =
  | { kind: "intent"; id: string; workspace_id: string }
  | { kind: "event"; workspace_id: string; env: string; seq: number }
  /** A webhook delivery queued by hand (a resend): news for the webhook worker only. */
  | { kind: "delivery"; workspace_id: string }
  /** A failed mail put back in the outbox by hand (a retry): news for the mail worker only. */
  | { kind: "mail"; workspace_id: string };

/** What a wait ended with: something to re-read, nothing within the time, or the feed stopped. */
export type WakeReason = "changed" | "timeout" | "closed";

/**
 * One stream's interest in changes. Take it *before* reading the current state: a change committed
 * after that read is then always seen (as "changed" from {@link next}), even one that arrives while
 * the stream is busy writing.
 */
export interface ChangeWatch {
  /** Resolves at once if a change arrived since the last call, else at the next one or after timeoutMs. */
  next(timeoutMs: number): Promise<WakeReason>;
  /** Stops watching; a pending {@link next} resolves "closed". Idempotent. */
  close(): void;
}

/**
 * The process's one LISTEN on {@link CHANGES_CHANNEL}, fanned out to the streams that wait on it: by
 * payment intent id, and by workspace (and environment) for the event stream. A waiting stream costs
 * a timer and a map entry, no query. When the LISTEN connection was lost and is back, every watch is
 * woken once, since notifications sent in between were missed.
 *
 * Without a source (a caller that never opens streams, like the OpenAPI generator) nothing is
 * pushed and a watch only ever times out.
 */
export class ChangeFeed {
  private readonly byIntent = new Map<string, Set<Watch>>();
  private readonly byWorkspace = new Map<string, Set<Watch>>();
  private listening: Listening | null = null;
  private closed = false;

  private constructor() {}

  static async start(source: NotificationSource | null): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    if (source) {
      feed.listening = await source.listen(CHANGES_CHANNEL, {
        onNotify: (payload) => feed.deliver(payload),
        onReconnect: () => feed.wakeAll(),
      });
    }
    return feed;
  }

  /** Woken by every committed change to this payment intent. */
  watchIntent(id: string): ChangeWatch {
    return this.add(this.byIntent, id, () => true);
  }

  /** Woken by every event appended for the workspace, in `env` only when given (null = both). */
  watchEvents(workspaceId: string, env: "test" | "live" | null): ChangeWatch {
    return this.add(
      this.byWorkspace,
      workspaceId,
      (change) => env === null || (change.kind === "event" && change.env === env),
    );
  }

  /** Open watches (streams waiting on the feed); zero when every stream has ended. */
  get watchCount(): number {
    let n = 0;
    for (const set of [...this.byIntent.values(), ...this.byWorkspace.values()]) n += set.size;
    return n;
  }

  /** Stops listening; every open watch (and each taken later) resolves "closed", ending its stream. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const watch of this.all()) watch.close();
    const listening = this.listening;
    this.listening = null;
    await listening?.close();
  }

  private add(index: Map<string, Set<Watch>>, key: string, accepts: (change: Change) => boolean): Watch {
    const watch = new Watch(accepts, () => {
      const set = index.get(key);
      set?.delete(watch);
      if (set?.size === 0) index.delete(key);
    });
    if (this.closed) {
      watch.close();
      return watch;
    }
    const set = index.get(key) ?? new Set<Watch>();
    index.set(key, set);
    set.add(watch);
    return watch;
  }

  private deliver(payload: string): void {
    const change = parseChange(payload);
    if (!change || change.kind === "delivery" || change.kind === "mail") return;
    const watches =
      change.kind === "intent" ? this.byIntent.get(change.id) : this.byWorkspace.get(change.workspace_id);
    for (const watch of watches ?? []) watch.offer(change);
  }

  private wakeAll(): void {
    for (const watch of this.all()) watch.wake();
  }

  private all(): Watch[] {
    return [...this.byIntent.values(), ...this.byWorkspace.values()].flatMap((set) => [...set]);
  }
}

class Watch implements ChangeWatch {
  private pending = false;
  private closed = false;
  private waiter: ((reason: WakeReason) => void) | null = null;

  constructor(
    private readonly accepts: (change: Change) => boolean,
    private readonly detach: () => void,
  ) {}

  offer(change: Change): void {
    if (this.accepts(change)) this.wake();
  }

  wake(): void {
    this.pending = true;
    this.settle("changed");
  }

  next(timeoutMs: number): Promise<WakeReason> {
    if (this.closed) return Promise.resolve("closed");
    if (this.pending) {
      this.pending = false;
      return Promise.resolve("changed");
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle("timeout"), Math.max(0, timeoutMs));
      this.waiter = (reason) => {
        clearTimeout(timer);
        if (reason === "changed") this.pending = false;
        resolve(reason);
      };
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    this.settle("closed");
  }

  private settle(reason: WakeReason): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(reason);
  }
}

/** A payload from {@link CHANGES_CHANNEL}; anything else (another writer on the channel) is ignored. */
/** Announces a change the triggers do not see, in the channel's vocabulary (sent on commit). */
export async function notifyChange(db: Db, change: Change): Promise<void> {
  await sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`.execute(db);
}

export function parseChange(payload: string): Change | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.workspace_id !== "string") return null;
  if (v.kind === "intent" && typeof v.id === "string")
    return { kind: "intent", id: v.id, workspace_id: v.workspace_id };
  if (v.kind === "event" && typeof v.env === "string" && typeof v.seq === "number")
    return { kind: "event", workspace_id: v.workspace_id, env: v.env, seq: v.seq };
  if (v.kind === "delivery") return { kind: "delivery", workspace_id: v.workspace_id };
  if (v.kind === "mail") return { kind: "mail", workspace_id: v.workspace_id };
  return null;
}
