import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, PG_ONLY, waitUntil } from "../../test/fault-kit.ts";
import {
  type Merchant,
  newTestWallet,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { type ServerProcess, spawnServer } from "../../test/server-process.ts";
import { createApp } from "../app.ts";
import type { NotificationSource } from "../db/notifications.ts";
import { hashToken } from "../domain/secrets.ts";
import { createDeps } from "../server.ts";
import type { CachedKey, KeyCache } from "./key-cache.ts";

/** A secret test key as the cache holds it, with its expiry (seconds) or null. */
function cachedSecretKey(keyId: string, workspaceId: string, expiresAt: number | null): CachedKey {
  return {
    principal: {
      kind: "api_key",
      keyId,
      keyType: "secret",
      workspaceId,
      environmentId: "env_x",
      env: "test",
      scopes: ["read", "write"],
    },
    lastUsedAt: null,
    expiresAt,
  };
}

const INTENT = { amount_minor: 1999, metadata: { order: "key-cache" } };

/**
 * The key cache: API keys and the workspace facts intent creation reads are kept
 * in memory, and every change the database announces (the key and workspace triggers, LISTEN/NOTIFY)
 * forgets them, so a revoked key fails on its very next request.
 */
describe("key cache kept current by LISTEN/NOTIFY", () => {
  let api: TestApi;
  let merchant: Merchant;
  let keys: KeyCache;

  beforeAll(async () => {
    api = await startTestApi();
    merchant = await setupMerchant(api);
    if (!api.deps.keys) throw new Error("the server's deps carry a key cache");
    keys = api.deps.keys;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const create = (key: string, idempotencyKey = crypto.randomUUID()) =>
    api.request("POST", "/v1/payment_intents", {
      token: key,
      body: INTENT,
      headers: { "idempotency-key": idempotencyKey },
    });

  async function newSecretKey(): Promise<{ id: string; key: string }> {
    const res = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "test" },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, key: res.body.key as string };
  }

  /**
   * Uses a key until the cache holds it. A notification committed just before (the key's creation,
   * its workspace's setup) may still be on its way: the cache keeps no read that raced one, so the
   * key is held from the first use that heard of nothing newer.
   */
  async function useUntilHeld(key: string) {
    await waitUntil(
      async () => (await create(key)).status === 201 && keys.get(hashToken(key)) !== undefined,
      3_000,
      "the key held in memory",
    );
  }

  it("serves a used key from memory, and refuses it on the very next request once revoked", async () => {
    const { id, key } = await newSecretKey();
    await useUntilHeld(key);
    expect(keys.get(hashToken(key))?.principal.keyId).toBe(id);
    expect((await create(key)).status).toBe(201);

    const revoked = await api.request("DELETE", `/v1/api-keys/${id}`, { token: merchant.token });
    expect(revoked.status).toBe(200);
    const refused = await create(key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("api_key_revoked");
  });

  it("forgets a key another writer disabled (plain SQL, no service call): the trigger notifies", async () => {
    const { key } = await newSecretKey();
    await useUntilHeld(key);

    await sql`update api_keys set state = 'disabled' where key_hash = ${hashToken(key)}`.execute(api.deps.db);
    await waitUntil(async () => keys.get(hashToken(key)) === undefined, 3_000, "the notification");
    const refused = await create(key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("api_key_disabled");
  });

  it("a key's once-a-minute last_used_at write does not announce (it changes no permission)", async () => {
    const { key } = await newSecretKey();
    await useUntilHeld(key);
    const before = keys.generation;
    await sql`update api_keys set last_used_at = 1 where key_hash = ${hashToken(key)}`.execute(api.deps.db);
    await sql`select pg_notify('spay_api_keys', 'key:marker')`.execute(api.deps.db);
    await waitUntil(async () => keys.generation > before, 3_000, "the marker notification");
    expect(keys.generation).toBe(before + 1); // the marker alone
    expect(keys.get(hashToken(key))).toBeDefined();
  });

  it("a new payout wallet is used by the next intent: the workspace's facts are forgotten", async () => {
    const first = await create(merchant.sk);
    expect(first.status).toBe(201);
    const wallet = newTestWallet();
    await sql`update workspace_wallets set stacks_address = ${wallet.address}
      where workspace_id = ${merchant.workspaceId}`.execute(api.deps.db);
    await waitUntil(
      async () => keys.fact(merchant.workspaceId, "creation:sandbox") === undefined && keys.size === 0,
      3_000,
      "the workspace notification",
    );
    const next = await create(merchant.sk);
    expect(next.status).toBe(201);
    expect(next.body.recipient).toBe(wallet.address);
    expect(next.body.recipient).not.toBe(first.body.recipient);
  });

  it("a read that raced a change is not kept", async () => {
    const { key } = await newSecretKey();
    const hash = hashToken(key);
    const generation = keys.generation;
    await sql`select pg_notify('spay_api_keys', 'key:somebody-else')`.execute(api.deps.db);
    await waitUntil(async () => keys.generation > generation, 3_000, "the notification");
    keys.remember(hash, cachedSecretKey("key_raced", merchant.workspaceId, null), generation);
    expect(keys.get(hash)).toBeUndefined();
  });

  it("a rolled key is served until its expiry and forgotten at use time after it (no notification)", async () => {
    const hash = hashToken(`sk_test_expiring_${crypto.randomUUID()}`);
    const cachedAt = Date.now();
    const expiresAt = Math.floor(cachedAt / 1000) + 10;
    keys.remember(
      hash,
      cachedSecretKey("key_expiring", merchant.workspaceId, expiresAt),
      keys.generation,
      cachedAt,
    );
    expect(keys.get(hash, expiresAt * 1000 - 1)?.principal.keyId).toBe("key_expiring");
    expect(keys.get(hash, expiresAt * 1000)).toBeUndefined();
    expect(keys.get(hash, cachedAt)).toBeUndefined(); // forgotten, not merely hidden
  });
});

/** A request made with `token`, each with its own Idempotency-Key. */
function authorizedCall(method: string, token: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** A LISTEN whose notifications arrive `delayMs` late, as on a busy process or a slow network. */
function lateNotifications(source: NotificationSource, delayMs: number): NotificationSource {
  return {
    announce: (channel, payloads) => source.announce(channel, payloads),
    listen: (channel, handlers) =>
      source.listen(channel, {
        ...handlers,
        onNotify: (payload) => void setTimeout(() => handlers.onNotify(payload), delayMs),
      }),
  };
}

/**
 * Deleting what a key belongs to — the workspace, its organization, the whole account — answers
 * only once the key is forgotten: the deleting process drops it at once and waits for the
 * database's announcement. Here that announcement comes 300 ms late, so a deletion that relied on
 * it alone would still accept the key on the next request.
 */
describe("deletions forget their keys before they answer", () => {
  let api: TestApi;
  let app: ReturnType<typeof createApp>;
  let closeDeps: () => Promise<void>;

  beforeAll(async () => {
    api = await startTestApi();
    if (!api.notifications) throw new Error("the test database announces its changes");
    const deps = await createDeps(api.deps.db, api.config, null, lateNotifications(api.notifications, 300));
    app = createApp(deps);
    closeDeps = async () => {
      await deps.keys?.close();
      await deps.changes?.close();
    };
  }, 60_000);
  afterAll(async () => {
    await closeDeps?.();
    await api?.close();
  });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    app.request(path, authorizedCall(method, token, body));

  const deletions: [string, (m: Merchant) => [string, string, unknown?]][] = [
    ["the workspace", (m) => ["DELETE", `/v1/workspaces/${m.workspaceId}`]],
    ["its organization", (m) => ["DELETE", `/v1/organizations/${m.organizationId}`]],
    ["the account", (m) => ["DELETE", "/api/merchants/delete", { email: m.email }]],
  ];
  for (const [what, deletion] of deletions)
    it(`${what} deleted: its secret key fails on the very next request`, async () => {
      const m = await setupMerchant(api);
      expect((await call("POST", "/v1/payment_intents", m.sk, INTENT)).status).toBe(201);
      const [method, path, body] = deletion(m);
      expect((await call(method, path, m.token, body)).status).toBe(200);
      expect((await call("POST", "/v1/payment_intents", m.sk, INTENT)).status).toBe(401);
    });
});

/**
 * Across processes (PostgreSQL): two API processes on one database both hold a key in memory; the
 * key is revoked through one, and the other refuses it on the very next request.
 */
describe.skipIf(!onPostgres)(
  `revocation across two API processes (${onPostgres ? "PostgreSQL" : `skipped: ${PG_ONLY}`})`,
  () => {
    let api: TestApi;
    let merchant: Merchant;
    const processes: ServerProcess[] = [];

    beforeAll(async () => {
      api = await startTestApi();
      merchant = await setupMerchant(api);
      if (!api.databaseUrl) throw new Error("needs SPAY_TEST_DB=postgres");
      const env = { DATABASE_URL: api.databaseUrl, SPAY_WATCHER: "off" };
      processes.push(...(await Promise.all([spawnServer(env), spawnServer(env)])));
    }, 90_000);
    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await api?.close();
    });

    const call = (p: ServerProcess, method: string, path: string, token: string, body?: unknown) =>
      fetch(`${p.url}${path}`, authorizedCall(method, token, body));

    it("a key revoked through one process fails on its next request to the other", async () => {
      const [a, b] = processes as [ServerProcess, ServerProcess];
      for (let round = 0; round < 3; round++) {
        const made = await call(
          a,
          "POST",
          `/v1/workspaces/${merchant.workspaceId}/api-keys`,
          merchant.token,
          {
            type: "sk",
            env: "test",
          },
        );
        expect(made.status).toBe(201);
        const { id, key } = (await made.json()) as { id: string; key: string };
        // Both processes authenticate it (and keep it), twice each.
        for (const p of [a, b, a, b])
          expect((await call(p, "POST", "/v1/payment_intents", key, INTENT)).status).toBe(201);

        expect((await call(a, "DELETE", `/v1/api-keys/${id}`, merchant.token)).status).toBe(200);
        const refused = await call(b, "POST", "/v1/payment_intents", key, INTENT);
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("api_key_revoked");
        expect((await call(a, "POST", "/v1/payment_intents", key, INTENT)).status).toBe(401);
      }
    }, 60_000);

    it("a workspace deleted through one process (by itself, with its organization, with the account): its keys fail on the next request to the other", async () => {
      const [a, b] = processes as [ServerProcess, ServerProcess];
      const deletions: ((m: Merchant) => [string, string, unknown?])[] = [
        (m) => ["DELETE", `/v1/workspaces/${m.workspaceId}`],
        (m) => ["DELETE", `/v1/organizations/${m.organizationId}`],
        (m) => ["DELETE", "/api/merchants/delete", { email: m.email }],
      ];
      for (const deletion of deletions) {
        const m = await setupMerchant(api);
        for (const p of [a, b, a, b])
          expect((await call(p, "POST", "/v1/payment_intents", m.sk, INTENT)).status).toBe(201);
        const [method, path, body] = deletion(m);
        expect((await call(a, method, path, m.token, body)).status, path).toBe(200);
        for (const p of [b, a]) {
          const refused = await call(p, "POST", "/v1/payment_intents", m.sk, INTENT);
          expect(refused.status, `${path}: the key after the deletion`).toBe(401);
        }
      }
    }, 60_000);
  },
);
