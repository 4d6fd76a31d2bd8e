import type { Listening, NotificationSource } from "../db/notifications.ts";
import type { Principal } from "../http/context.ts";

/** The channel migration 012's triggers notify on: `key:<id>` or `workspace:<id>`. */
export const API_KEYS_CHANNEL = "spay_api_keys";

type KeyPrincipal = Extract<Principal, { kind: "api_key" }>;

export interface CachedKey {
  principal: KeyPrincipal;
  /** When the key was last recorded as used (the coarse `last_used_at`), seconds. */
  lastUsedAt: number | null;
  /** When a rolled key stops working (`expires_at`), seconds; null for a key not rolled. */
  expiresAt: number | null;
}

interface Entry extends CachedKey {
  cachedAt: number;
}

export interface KeyCacheOptions {
  /** Most keys held; the oldest goes first. */
  maxEntries: number;
  /** A safety net only: an entry is re-read after this long even if no notification came. */
  ttlMs: number;
  /** How long a key change waits for its own notification to come back (see {@link settled}). */
  echoTimeoutMs: number;
}

export const DEFAULT_KEY_CACHE: KeyCacheOptions = { maxEntries: 10_000, ttlMs: 60_000, echoTimeoutMs: 1_000 };

/**
 * Enabled API keys as authentication resolved them, by token hash, and the workspace facts intent
 * creation reads (environment, payout wallet, settings), so the hottest path skips those database
 * reads. Correct only while the database tells this process about every change: migration 012's
 * triggers `pg_notify` on any key change that matters (state, scopes, hash, environment, deletion —
 * a revocation included) and on any change to a workspace's environments, settings or payout
 * wallet, and the cache forgets what changed on that notification, in every process that listens.
 *
 * No LISTEN, no cache: without a notification source, before the LISTEN is up, and after the
 * connection was lost (everything held is dropped, since notifications sent meanwhile are gone)
 * every lookup goes to the database. A read that raced a change is not kept: {@link generation}
 * moves on each invalidation, and {@link remember} keeps an entry only if it has not moved since
 * the read began.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashById = new Map<string, string>();
  private readonly echoes = new Map<string, Set<() => void>>();
  private listening: Listening | null = null;
  private live = false;
  /** The LISTEN connection is lost: changes may be missed, so nothing is served from memory. */
  private down = false;
  private closed = false;
  /** Moves on every invalidation: a read begun before it must not be cached. */
  generation = 0;
  /** Per workspace, facts the hot path reads (e.g. intent creation's context), by the reader's key. */
  private readonly facts = new Map<string, Map<string, unknown>>();
  /** Per key id, the {@link generation} at which its last notification arrived (for {@link settled}). */
  private readonly heard = new Map<string, number>();

  private constructor(private readonly options: KeyCacheOptions) {}

  static async start(
    source: NotificationSource | null,
    options: KeyCacheOptions = DEFAULT_KEY_CACHE,
  ): Promise<KeyCache> {
    const cache = new KeyCache(options);
    if (source) {
      cache.listening = await source.listen(API_KEYS_CHANNEL, {
        onNotify: (payload) => cache.invalidate(payload),
        onLost: () => {
          cache.down = true;
          cache.live = false;
          cache.clear();
        },
        onReconnect: () => {
          cache.down = false;
          cache.clear();
          cache.live = !cache.closed;
        },
      });
      cache.live = !cache.down;
    }
    return cache;
  }

  /**
   * The cached key for this token hash, if the cache is live and holds a fresh one. A rolled key past
   * its expiry is forgotten here, at use time — nothing notifies when time merely passes — so the
   * caller reads the database, which refuses it.
   */
  get(tokenHash: string, now = Date.now()): CachedKey | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (
      now - entry.cachedAt >= this.options.ttlMs ||
      (entry.expiresAt !== null && entry.expiresAt * 1000 <= now)
    ) {
      this.forget(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps a key read from the database at `generation` (taken before the read). */
  remember(tokenHash: string, key: CachedKey, generation: number, now = Date.now()): void {
    if (!this.live || this.closed || generation !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(tokenHash, { ...key, cachedAt: now });
    this.hashById.set(key.principal.keyId, tokenHash);
  }

  /**
   * A fact about a workspace read from its environments, settings or payout wallet (migration 012
   * announces any change to those as `workspace:<id>`), if the cache is live and holds it.
   */
  fact<T>(workspaceId: string, key: string): T | undefined {
    if (!this.live) return undefined;
    return this.facts.get(workspaceId)?.get(key) as T | undefined;
  }

  /** Keeps a workspace fact read at `generation` (taken before the read), as {@link remember}. */
  rememberFact(workspaceId: string, key: string, value: unknown, generation: number): void {
    if (!this.live || this.closed || generation !== this.generation) return;
    if (!this.facts.has(workspaceId) && this.facts.size >= this.options.maxEntries) {
      const oldest = this.facts.keys().next().value;
      if (oldest !== undefined) this.facts.delete(oldest);
    }
    const facts = this.facts.get(workspaceId) ?? new Map<string, unknown>();
    facts.set(key, value);
    this.facts.set(workspaceId, facts);
  }

  /** Held keys (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** Where the notifications stand now: take it before changing a key, pass it to {@link settled}. */
  mark(): number {
    return this.generation;
  }

  /**
   * After this process changed key `keyId` (`mark` taken before the change): forgets it here at
   * once, then waits until the change's notification came back through this process's LISTEN (at
   * most `echoTimeoutMs`). PostgreSQL sends it to every listening process at commit, so by then every
   * API process has been told: the caller who hears "revoked" cannot reach a process that still
   * trusts the key.
   */
  async settled(keyId: string, mark: number): Promise<void> {
    this.forgetId(keyId);
    return this.echoOf(keyId, mark);
  }

  /**
   * After this process changed workspace `workspaceId`'s settings, environments or payout wallet
   * (`mark` taken before the change): as {@link settled}, for the workspace's facts and keys.
   */
  async settledWorkspace(workspaceId: string, mark: number): Promise<void> {
    this.forgetWorkspace(workspaceId);
    return this.echoOf(workspaceId, mark);
  }

  /** Waits until the notification naming `id` came back after `mark` (at most `echoTimeoutMs`). */
  private async echoOf(id: string, mark: number): Promise<void> {
    this.generation++;
    if (!this.live || (this.heard.get(id) ?? -1) > mark) return;
    await new Promise<void>((resolve) => {
      const waiters = this.echoes.get(id) ?? new Set<() => void>();
      this.echoes.set(id, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.echoes.delete(id);
        resolve();
      };
      const timer = setTimeout(done, this.options.echoTimeoutMs);
      timer.unref();
      waiters.add(done);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clear();
    this.live = false;
    for (const waiters of this.echoes.values()) for (const done of [...waiters]) done();
    const listening = this.listening;
    this.listening = null;
    await listening?.close();
  }

  private invalidate(payload: string): void {
    this.generation++;
    const [kind, id] = [payload.slice(0, payload.indexOf(":")), payload.slice(payload.indexOf(":") + 1)];
    if (kind === "key") this.forgetId(id);
    // An environment, setting or payout wallet of the workspace changed: its keys' environments
    // (test or live) and the facts read from them may have too.
    else if (kind === "workspace") this.forgetWorkspace(id);
    else {
      this.clear(); // a payload this version does not know: forget everything rather than guess
      return;
    }
    if (this.heard.size >= this.options.maxEntries) this.heard.clear();
    this.heard.set(id, this.generation);
    for (const done of [...(this.echoes.get(id) ?? [])]) done();
  }

  private forgetWorkspace(workspaceId: string): void {
    this.facts.delete(workspaceId);
    for (const [hash, entry] of this.entries)
      if (entry.principal.workspaceId === workspaceId) this.forget(hash);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.hashById.clear();
    this.facts.clear();
  }

  private forgetId(keyId: string): void {
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) this.forget(hash);
  }

  private forget(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    this.entries.delete(tokenHash);
    if (entry) this.hashById.delete(entry.principal.keyId);
  }
}
