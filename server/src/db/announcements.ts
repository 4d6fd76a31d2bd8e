import { randomUUID } from "node:crypto";
import type { DatabaseListen, Listening, NotificationHandlers, NotificationSource } from "./notifications.ts";

/**
 * Sends payloads on a channel to every other process on the database (one PostgreSQL NOTIFY
 * transaction). Null where no other process can listen (PGlite has one owner per data directory).
 */
export type Broadcast = (channel: string, payloads: string[]) => Promise<void>;

export interface AnnounceOptions {
  /**
   * Least time between the starts of two broadcasts of one process: what is announced meanwhile
   * travels together. PostgreSQL serializes every committing NOTIFY on one cluster-wide lock, so
   * this bounds how often a process takes it, whatever the write rate.
   */
  coalesceMs: number;
  /** Bytes per NOTIFY payload (PostgreSQL refuses more than 8000). */
  maxPayloadBytes: number;
  /** Payloads kept for a broadcast that failed (the database away): the oldest go first. */
  maxPending: number;
}

export const DEFAULT_ANNOUNCE: AnnounceOptions = {
  coalesceMs: 5,
  maxPayloadBytes: 7_500,
  maxPending: 10_000,
};

/** One channel's listeners in this process, and the LISTEN they share. */
interface Subscription {
  handlers: Set<NotificationHandlers>;
  remote: Promise<Listening>;
  /** `lost`: the shared connection is away, so what other processes announce meanwhile goes unheard. */
  status: { lost: boolean };
}

/** The envelope other processes receive: who sent it (so the sender skips its own) and what. */
interface Envelope {
  announced_by: string;
  batch: string[];
}

/**
 * Announcements of committed changes, for this process and the others on the database.
 *
 * A writer announces after its transaction committed, never inside it: PostgreSQL takes a
 * cluster-wide lock at the commit of every transaction that issued a NOTIFY and holds it through the
 * commit's WAL flush, so a NOTIFY in each business write would make every write on the cluster
 * commit one at a time. Here:
 * - listeners in this process hear an announcement at once, with no round trip;
 * - other processes hear it through one NOTIFY in its own short transaction, carrying everything
 *   announced in the last {@link AnnounceOptions.coalesceMs} — at most one such transaction in
 *   flight per process.
 *
 * A process that dies between its commit and the broadcast loses the announcement: every listener
 * keeps a safety re-read (streams, workers) that bounds how late it then learns of the change.
 */
export class AnnouncingSource implements NotificationSource {
  private readonly origin = randomUUID();
  /** How this process's own envelopes begin: recognised without parsing them. */
  private readonly ownPrefix = `{"announced_by":${JSON.stringify(this.origin)},`;
  /** Per channel: the listeners of this process and their one shared LISTEN. */
  private readonly channels = new Map<string, Subscription>();
  private pending = new Map<string, string[]>();
  private pendingCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastStart = 0;
  private closing = false;

  constructor(
    private readonly inner: DatabaseListen,
    private readonly broadcast: Broadcast | null,
    private readonly options: AnnounceOptions = DEFAULT_ANNOUNCE,
  ) {}

  /**
   * Every listener of a channel in this process shares one LISTEN: the database sends each
   * notification to the process once, and an envelope is unpacked once, however many workers and
   * streams wait on the channel.
   */
  async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
    let subscription = this.channels.get(channel);
    if (!subscription) {
      subscription = this.subscribe(channel);
      this.channels.set(channel, subscription);
    }
    const joined = subscription;
    joined.handlers.add(handlers);
    try {
      await joined.remote;
    } catch (error) {
      joined.handlers.delete(handlers);
      if (this.channels.get(channel) === joined) this.channels.delete(channel);
      throw error;
    }
    // Joining while the shared connection is away: this listener must know changes go unheard.
    if (joined.status.lost) handlers.onLost?.();
    let closed = false;
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        joined.handlers.delete(handlers);
        if (joined.handlers.size > 0) return;
        if (this.channels.get(channel) === joined) this.channels.delete(channel);
        await (await joined.remote).close();
      },
    };
  }

  private subscribe(channel: string): Subscription {
    const handlers = new Set<NotificationHandlers>();
    const each = (call: (h: NotificationHandlers) => void) => {
      for (const h of [...handlers]) call(h);
    };
    const status = { lost: false };
    const remote = this.inner.listen(channel, {
      onNotify: (payload) => {
        const payloads = this.unpack(payload);
        if (payloads.length > 0) each((h) => this.deliver(h, channel, payloads));
      },
      onReconnect: () => {
        status.lost = false;
        each((h) => h.onReconnect());
      },
      onLost: () => {
        status.lost = true;
        each((h) => h.onLost?.());
      },
    });
    return { handlers, status, remote };
  }

  /** Hands payloads to one listener; its fault reaches neither the writer nor the other listeners. */
  private deliver(handlers: NotificationHandlers, channel: string, payloads: string[]): void {
    for (const payload of payloads) {
      try {
        handlers.onNotify(payload);
      } catch (error) {
        console.error(`announcement on ${channel}: a listener failed`, error);
      }
    }
  }

  announce(channel: string, payloads: string[]): void {
    if (payloads.length === 0) return;
    // A listener's fault must not reach the writer, whose transaction has already committed.
    for (const handlers of [...(this.channels.get(channel)?.handlers ?? [])])
      this.deliver(handlers, channel, payloads);
    if (!this.broadcast || this.closing) return;
    const queued = this.pending.get(channel) ?? [];
    this.pending.set(channel, queued);
    queued.push(...payloads);
    this.pendingCount += payloads.length;
    this.trim();
    this.schedule();
  }

  /**
   * Broadcasts what is queued, once, and broadcasts nothing more: before the pool closes. A write
   * that commits after this is heard in this process only; other processes learn of it by their
   * safety re-read, as they would had this process died.
   */
  async close(): Promise<void> {
    this.closing = true;
    await this.flushed();
  }

  /** Resolves once everything announced so far was broadcast (or given up). */
  async flushed(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.flush();
    }
    while (this.flushing) await this.flushing;
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const wait = Math.max(0, this.lastStart + this.options.coalesceMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    const broadcast = this.broadcast;
    if (!broadcast || this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.pendingCount = 0;
    this.lastStart = Date.now();
    const run = (async () => {
      for (const [channel, payloads] of batch) {
        try {
          await broadcast(channel, this.pack(payloads));
        } catch (error) {
          if (this.closing) {
            const reason = error instanceof Error ? error.message : String(error);
            console.warn(
              `announcement on ${channel}: broadcast failed while closing (${reason}); not retried`,
            );
            continue;
          }
          console.warn(`announcement on ${channel}: broadcast failed; retrying`, error);
          const queued = this.pending.get(channel) ?? [];
          this.pending.set(channel, [...payloads, ...queued]);
          this.pendingCount += payloads.length;
          this.trim();
        }
      }
    })();
    this.flushing = run;
    try {
      await run;
    } finally {
      this.flushing = null;
    }
    if (this.pending.size > 0) this.schedule();
  }

  /** Drops the oldest queued payloads beyond {@link AnnounceOptions.maxPending}. */
  private trim(): void {
    let excess = this.pendingCount - this.options.maxPending;
    for (const [channel, payloads] of this.pending) {
      if (excess <= 0) return;
      const drop = Math.min(excess, payloads.length);
      payloads.splice(0, drop);
      if (payloads.length === 0) this.pending.delete(channel);
      this.pendingCount -= drop;
      excess -= drop;
    }
  }

  /** Envelopes of at most {@link AnnounceOptions.maxPayloadBytes} each, identical payloads once. */
  private pack(payloads: string[]): string[] {
    const envelopes: string[] = [];
    let batch: string[] = [];
    const head = JSON.stringify({ announced_by: this.origin, batch: [] }).length;
    let size = head;
    for (const payload of new Set(payloads)) {
      const bytes = Buffer.byteLength(JSON.stringify(payload)) + 1;
      if (head + bytes > this.options.maxPayloadBytes) {
        console.warn("announcement too large to broadcast; other processes rely on their safety re-read");
        continue;
      }
      if (size + bytes > this.options.maxPayloadBytes) {
        envelopes.push(this.envelope(batch));
        batch = [];
        size = head;
      }
      batch.push(payload);
      size += bytes;
    }
    if (batch.length > 0) envelopes.push(this.envelope(batch));
    return envelopes;
  }

  private envelope(batch: string[]): string {
    const envelope: Envelope = { announced_by: this.origin, batch };
    return JSON.stringify(envelope);
  }

  /** The payloads a notification carries: an envelope's batch (none if this process sent it), or itself. */
  private unpack(payload: string): string[] {
    if (!payload.startsWith('{"announced_by":')) return [payload];
    if (payload.startsWith(this.ownPrefix)) return [];
    try {
      const envelope = JSON.parse(payload) as Partial<Envelope>;
      if (typeof envelope.announced_by !== "string" || !Array.isArray(envelope.batch)) return [payload];
      if (envelope.announced_by === this.origin) return [];
      return envelope.batch.filter((p): p is string => typeof p === "string");
    } catch {
      return [payload];
    }
  }
}
