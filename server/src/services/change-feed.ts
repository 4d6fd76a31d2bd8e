import type { Listening, NotificationSource } from "../db/notifications.ts";

/** The channel committed changes are announced on (announcements.ts). */
export const CHANGES_CHANNEL = "spay_changes";

/** A committed change, as writers announce it: ids only, the listener re-reads the row. */
export type Change =
  | { kind: "intent"; id: string; workspace_id: string }
  | { kind: "event"; workspace_id: string; env: string }
  /** Deliveries to make: an event some endpoint should receive, or a resend by hand (the webhook worker's news). */
  | { kind: "delivery"; workspace_id: string }
  /** Mail to send: queued with its event, or a failed one put back by hand (the mail worker's news). */
  | { kind: "mail"; workspace_id: string }
  /** Mail about a person's account (an invitation, a security alert): belongs to no workspace. */
  | { kind: "account_mail" };

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
  /** Per watched intent: the read begun since its last change was heard, which its streams share. */
  private readonly intentReads = new Map<string, { read: Promise<unknown> | null }>();
  private listening: Listening | null = null;
  private closed = false;

  private constructor(private readonly source: NotificationSource | null) {}

  static async start(source: NotificationSource | null): Promise<ChangeFeed> {
    const feed = new ChangeFeed(source);
    if (source) {
      feed.listening = await source.listen(CHANGES_CHANNEL, {
        onNotify: (payload) => feed.deliver(payload),
        onReconnect: () => feed.wakeAll(),
      });
    }
    return feed;
  }

  /**
   * Announces committed changes to this process's listeners and the other processes'. Writers in a
   * transaction use write-transaction.ts, which calls this after the commit.
   */
  announce(changes: readonly Change[]): void {
    if (changes.length === 0 || !this.source) return;
    this.source.announce(CHANGES_CHANNEL, [...new Set(changes.map((c) => JSON.stringify(c)))]);
  }

  /** Woken by every committed change to this payment intent. */
  watchIntent(id: string): ChangeWatch {
    return this.add(this.byIntent, id, () => true);
  }

  /**
   * The intent as `read` returns it, read once for every stream the same change woke: a paid intent
   * watched by a thousand streams is read once, not a thousand times. A read begun after the last
   * change heard is shared; `fresh` (a stream's safety re-read, for a change that went unheard)
   * starts a new one, which later callers share in turn. `read` must not depend on the caller: each
   * stream checks its own access to what it returns.
   */
  sharedIntentRead<T>(id: string, read: () => Promise<T>, fresh = false): Promise<T> {
    const entry = this.intentReads.get(id);
    if (!entry || !this.byIntent.has(id)) return read();
    if (entry.read && !fresh) return entry.read as Promise<T>;
    const started = read();
    entry.read = started;
    started.catch(() => {
      if (entry.read === started) entry.read = null;
    });
    return started;
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
      if (set?.size === 0) {
        index.delete(key);
        if (index === this.byIntent) this.intentReads.delete(key);
      }
    });
    if (this.closed) {
      watch.close();
      return watch;
    }
    const set = index.get(key) ?? new Set<Watch>();
    index.set(key, set);
    set.add(watch);
    if (index === this.byIntent && !this.intentReads.has(key)) this.intentReads.set(key, { read: null });
    return watch;
  }

  private deliver(payload: string): void {
    const change = parseChange(payload);
    if (!change || change.kind === "delivery" || change.kind === "mail" || change.kind === "account_mail")
      return;
    if (change.kind === "intent") this.heard(change.id);
    const watches =
      change.kind === "intent" ? this.byIntent.get(change.id) : this.byWorkspace.get(change.workspace_id);
    for (const watch of watches ?? []) watch.offer(change);
  }

  /** A change to the intent was heard: reads begun before it are stale. */
  private heard(id: string): void {
    const entry = this.intentReads.get(id);
    if (entry) entry.read = null;
  }

  private wakeAll(): void {
    for (const id of this.intentReads.keys()) this.heard(id);
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

/** The last payload read and what it said: every listener of the process is handed the same one in turn. */
let lastRead: { payload: string; change: Change | null } | null = null;

/**
 * A payload from {@link CHANGES_CHANNEL}; anything else (another writer on the channel) is ignored.
 * The change feed and each worker read every payload, one after another: it is parsed once.
 */
export function parseChange(payload: string): Change | null {
  if (lastRead?.payload === payload) return lastRead.change;
  const change = readChange(payload);
  lastRead = { payload, change };
  return change;
}

function readChange(payload: string): Change | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.kind === "account_mail") return { kind: "account_mail" };
  if (typeof v.workspace_id !== "string") return null;
  if (v.kind === "intent" && typeof v.id === "string")
    return { kind: "intent", id: v.id, workspace_id: v.workspace_id };
  if (v.kind === "event" && typeof v.env === "string")
    return { kind: "event", workspace_id: v.workspace_id, env: v.env };
  if (v.kind === "delivery") return { kind: "delivery", workspace_id: v.workspace_id };
  if (v.kind === "mail") return { kind: "mail", workspace_id: v.workspace_id };
  return null;
}
