import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import pg from "pg";
import type { AnnouncingSource } from "./announcements.ts";

/** What a LISTEN reports: each payload on the channel, and "you may have missed some" after an outage. */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** The LISTEN was lost and is back: notifications sent in between are gone, so re-read once. */
  onReconnect(): void;
  /** The LISTEN is not (or no longer) connected: until {@link onReconnect}, changes go unannounced. */
  onLost?(): void;
}

export interface Listening {
  close(): Promise<void>;
}

/** PostgreSQL LISTEN on the process's database, for whichever engine it is. */
export interface DatabaseListen {
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
}

/**
 * Where a process hears of committed changes, and announces its own (announcements.ts): what it
 * announces reaches its own listeners at once and the other processes' shortly after.
 */
export interface NotificationSource extends DatabaseListen {
  /** Announces changes that have committed: never call it before the writing transaction commits. */
  announce(channel: string, payloads: string[]): void;
}

export interface ReconnectOptions {
  /** First wait after the LISTEN connection is lost; doubles per failed attempt up to maxBackoffMs. */
  minBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RECONNECT: ReconnectOptions = { minBackoffMs: 100, maxBackoffMs: 5_000 };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain names are accepted.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel ${JSON.stringify(channel)}`);
}

/**
 * Keeps the listens it opened, so the database handle closes them before the database itself (a
 * LISTEN connection left open would keep retrying against a closed or dropped database).
 */
export class TrackedSource implements NotificationSource {
  private readonly open = new Set<Listening>();

  constructor(private readonly inner: AnnouncingSource) {}

  announce(channel: string, payloads: string[]): void {
    this.inner.announce(channel, payloads);
  }

  async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
    const listening = await this.inner.listen(channel, handlers);
    const tracked: Listening = {
      close: async () => {
        if (!this.open.delete(tracked)) return;
        await listening.close();
      },
    };
    this.open.add(tracked);
    return tracked;
  }

  /** Broadcasts what is still queued and stops broadcasting, then closes every listen (before the pool closes). */
  async closeAll(): Promise<void> {
    await this.inner.close();
    await Promise.all([...this.open].map((l) => l.close()));
  }
}

/**
 * PGlite: the one in-process connection listens. LISTEN runs while holding the dialect's connection
 * lock, so it never lands inside another caller's open transaction (where a rollback would undo it).
 * Its notifications arrive after each commit; there is no connection to lose.
 */
export function pgliteNotifications(pglite: PGlite, db: Kysely<unknown>): DatabaseListen {
  return {
    async listen(channel, handlers) {
      checkChannel(channel);
      const callback = (payload: string) => handlers.onNotify(payload);
      const unlisten = await db.connection().execute(() => pglite.listen(channel, callback));
      return {
        close: async () => {
          if (pglite.closed) return;
          await db.connection().execute(() => unlisten());
        },
      };
    },
  };
}

/**
 * PostgreSQL: one dedicated connection (never a pooled one, which a transaction would borrow) for
 * every channel the process listens on. PostgreSQL wakes each listening session of a database for
 * every NOTIFY committed in it, whatever the channel, so one session per process is the least it
 * can cost. When the connection is lost it reconnects with exponential backoff, listens on every
 * channel again and reports {@link NotificationHandlers.onReconnect} to every listener.
 */
export function pgNotifications(
  config: pg.ClientConfig,
  reconnect: ReconnectOptions = DEFAULT_RECONNECT,
): DatabaseListen {
  const session = new PgListenSession(config, reconnect);
  return {
    async listen(channel, handlers) {
      checkChannel(channel);
      return session.listen(channel, handlers);
    },
  };
}

/** The name the LISTEN session shows in `pg_stat_activity`. */
export const LISTEN_APPLICATION_NAME = "spay-listen";

class PgListenSession {
  /** The connected session, once it listens on every channel it was asked for. */
  private client: pg.Client | null = null;
  /** The channels the connected session has issued LISTEN for. */
  private listened = new Set<string>();
  private connecting: Promise<void> | null = null;
  private readonly channels = new Map<string, Set<NotificationHandlers>>();
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly reconnect: ReconnectOptions,
  ) {}

  async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
    const set = this.channels.get(channel) ?? new Set<NotificationHandlers>();
    this.channels.set(channel, set);
    set.add(handlers);
    if (!this.client && !this.connecting && !this.timer) {
      // The first listen; if the database cannot be reached now, retries in the background.
      this.connecting = this.connect()
        .catch((error: unknown) => {
          console.error("LISTEN failed; retrying", error);
          this.each((h) => h.onLost?.());
          this.scheduleReconnect();
        })
        .finally(() => {
          this.connecting = null;
        });
    }
    await this.connecting;
    const client = this.client;
    if (!client) {
      // Away (a first connect failed, or a reconnect is pending): until it is back, nothing is heard.
      if (!this.connecting) handlers.onLost?.();
    } else if (!this.listened.has(channel)) {
      this.listened.add(channel);
      // A failure here is the connection going: its reconnect listens on every channel.
      await client.query(`listen ${channel}`).catch(() => {});
    }
    let closed = false;
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        await this.leave(channel, set, handlers);
      },
    };
  }

  private each(call: (handlers: NotificationHandlers) => void, channel?: string): void {
    const sets = channel === undefined ? [...this.channels.values()] : [this.channels.get(channel) ?? []];
    for (const set of sets) for (const handlers of [...set]) call(handlers);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.config,
      keepAlive: true,
      application_name: LISTEN_APPLICATION_NAME,
    });
    client.on("notification", (message) => {
      this.each((h) => h.onNotify(message.payload ?? ""), message.channel);
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    const channels = [...this.channels.keys()];
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${channel}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.channels.size === 0) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listened = new Set(channels);
    // Channels asked for while it connected.
    for (const channel of this.channels.keys())
      if (!this.listened.has(channel)) {
        this.listened.add(channel);
        await client.query(`listen ${channel}`).catch(() => {});
      }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    console.warn("LISTEN: connection lost; reconnecting");
    this.client = null;
    this.listened = new Set();
    this.each((h) => h.onLost?.());
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.timer || this.channels.size === 0) return;
    const delay = Math.min(this.reconnect.maxBackoffMs, this.reconnect.minBackoffMs * 2 ** this.failures);
    this.timer = setTimeout(async () => {
      if (this.channels.size === 0) {
        this.timer = null;
        return;
      }
      try {
        await this.connect();
        this.timer = null;
        if (!this.client) return;
        this.failures = 0;
        this.each((h) => h.onReconnect());
      } catch {
        this.timer = null;
        this.failures++;
        this.scheduleReconnect();
      }
    }, delay);
    this.timer.unref();
  }

  /** A listener leaves; the last one of a channel unlistens it, the last of all closes the session. */
  private async leave(channel: string, set: Set<NotificationHandlers>, handlers: NotificationHandlers) {
    set.delete(handlers);
    if (set.size > 0) return;
    if (this.channels.get(channel) === set) this.channels.delete(channel);
    const client = this.client;
    if (this.channels.size === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.client = null;
      this.listened = new Set();
      await client?.end().catch(() => {});
    } else if (client && this.listened.delete(channel)) {
      await client.query(`unlisten ${channel}`).catch(() => {});
    }
  }
}
