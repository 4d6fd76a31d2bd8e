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

  /** Broadcasts what is still queued, then closes every listen (before the pool closes). */
  async closeAll(): Promise<void> {
    await this.inner.flushed();
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
 * PostgreSQL: one dedicated connection per listen (never a pooled one, which a transaction would
 * borrow). When it is lost it reconnects with exponential backoff, listens again and reports
 * {@link NotificationHandlers.onReconnect}.
 */
export function pgNotifications(
  config: pg.ClientConfig,
  reconnect: ReconnectOptions = DEFAULT_RECONNECT,
): DatabaseListen {
  return {
    async listen(channel, handlers) {
      checkChannel(channel);
      const listener = new PgListener(config, channel, handlers, reconnect);
      await listener.start();
      return listener;
    },
  };
}

class PgListener implements Listening {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
    private readonly reconnect: ReconnectOptions,
  ) {}

  /** The first LISTEN; if the database cannot be reached now, retries in the background. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      console.error(`LISTEN ${this.channel} failed; retrying`, error);
      this.handlers.onLost?.();
      this.scheduleReconnect();
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.config,
      keepAlive: true,
      application_name: `spay-listen-${this.channel}`,
    });
    this.client = client;
    client.on("notification", (message) => {
      if (message.channel === this.channel) this.handlers.onNotify(message.payload ?? "");
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      throw error;
    }
    if (this.closed) await client.end().catch(() => {});
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    console.warn(`LISTEN ${this.channel}: connection lost; reconnecting`);
    this.client = null;
    this.handlers.onLost?.();
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    const delay = Math.min(this.reconnect.maxBackoffMs, this.reconnect.minBackoffMs * 2 ** this.failures);
    this.timer = setTimeout(async () => {
      this.timer = null;
      if (this.closed) return;
      try {
        await this.connect();
        if (this.closed) return;
        this.failures = 0;
        this.handlers.onReconnect();
      } catch {
        this.failures++;
        this.scheduleReconnect();
      }
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
