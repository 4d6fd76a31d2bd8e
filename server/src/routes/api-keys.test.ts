import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { waitUntil } from "../../test/fault-kit.ts";
import {
  createWorkspace,
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { hashToken } from "../domain/secrets.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const createKey = (body: object, workspaceId = merchant.workspaceId, token = merchant.token) =>
  api.request("POST", `/v1/workspaces/${workspaceId}/api-keys`, { token, body });

describe("creating keys", () => {
  it("a secret key is sk_test_…, shown in full once, with a 12-character key_prefix", async () => {
    const res = await createKey({ type: "sk", name: "Backend" });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^key_/);
    expect(res.body.key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(res.body.key_prefix).toHaveLength(12);
    expect(res.body.key.startsWith(res.body.key_prefix)).toBe(true);
    expect(res.body).toMatchObject({
      object: "api_key",
      workspace_id: merchant.workspaceId,
      type: "sk",
      key_type: "secret",
      name: "Backend",
      env: "test",
      state: "enabled",
      is_active: true,
      scopes: ["read", "write"],
      last_used_at: null,
    });
  });

  it("a publishable key is pk_test_… with read scope", async () => {
    const res = await createKey({ type: "pk", name: "Storefront" });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(res.body).toMatchObject({
      type: "pk",
      key_type: "publishable",
      scopes: ["read"],
      key_id: res.body.key,
    });
  });

  it("the long type names are accepted too", async () => {
    expect((await createKey({ type: "publishable" })).body.type).toBe("pk");
    expect((await createKey({ type: "secret" })).body.type).toBe("sk");
  });

  it("without a name the key is 'Publishable Key' or 'Secret Key' (SPEC.md §3); blank names count as none", async () => {
    expect((await createKey({ type: "pk" })).body.name).toBe("Publishable Key");
    expect((await createKey({ type: "sk", name: "   " })).body.name).toBe("Secret Key");
  });

  it("env live creates sk_live_ keys in a production environment of the workspace", async () => {
    const { workspaceId } = await createWorkspace(api, merchant.token);
    const res = await createKey({ type: "sk", env: "live" }, workspaceId);
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^sk_live_/);
    expect(res.body.env).toBe("live");
    const envs = await api.request("GET", "/api/environments", {
      token: merchant.token,
      headers: { "x-workspace-id": workspaceId },
    });
    const production = envs.body.data.find((e: { type: string }) => e.type === "production");
    expect(production).toBeDefined();
    expect(res.body.environment_id).toBe(production.id);
    // A second live key reuses that environment.
    const again = await createKey({ type: "pk", env: "live" }, workspaceId);
    expect(again.body.key).toMatch(/^pk_live_/);
    expect(again.body.environment_id).toBe(production.id);
  });

  it("a live key never lands in a sandbox environment that happens to be named 'production'", async () => {
    const { workspaceId } = await createWorkspace(api, merchant.token);
    const headers = { "x-workspace-id": workspaceId };
    const decoy = await api.request("POST", "/api/environments", {
      token: merchant.token,
      headers,
      body: { name: "production", type: "sandbox" },
    });
    expect(decoy.status).toBe(201);
    const res = await createKey({ type: "sk", env: "live" }, workspaceId);
    expect(res.status).toBe(201);
    expect(res.body.environment_id).not.toBe(decoy.body.id);
    const envs = await api.request("GET", "/api/environments", { token: merchant.token, headers });
    const keyEnv = envs.body.data.find((e: { id: string }) => e.id === res.body.environment_id);
    expect(keyEnv.type).toBe("production");
  });

  it("scopes may be chosen; an unknown scope, an unknown type or an unknown field is a 400", async () => {
    const readOnly = await createKey({ type: "sk", scopes: ["read"] });
    expect(readOnly.status).toBe(201);
    expect(readOnly.body.scopes).toEqual(["read"]);
    const badScope = await createKey({ type: "sk", scopes: ["admin"] });
    expect(badScope.status).toBe(400);
    expect(badScope.body.error.param).toBe("scopes.0");
    const badType = await createKey({ type: "rk" });
    expect(badType.status).toBe(400);
    expect(badType.body.error.param).toBe("type");
    const unknown = await createKey({ type: "sk", expires: 10 });
    expect(unknown.body.error.code).toBe("parameter_unknown");
  });

  it("another user's workspace is 404", async () => {
    const stranger = await signUp(api);
    const res = await createKey({ type: "sk" }, merchant.workspaceId, stranger.token);
    expect(res.status).toBe(404);
  });
});

describe("listing keys", () => {
  it("secret keys are listed masked to their prefix; publishable keys in full", async () => {
    const { workspaceId } = await createWorkspace(api, merchant.token);
    const sk = await createKey({ type: "sk" }, workspaceId);
    const pk = await createKey({ type: "pk" }, workspaceId);
    const list = await api.request("GET", `/v1/workspaces/${workspaceId}/api-keys`, {
      token: merchant.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.api_keys).toEqual(list.body.data);
    const [listedSk, listedPk] = list.body.data;
    expect(listedSk.id).toBe(sk.body.id);
    expect(listedSk.key).toBeUndefined();
    expect(listedSk.key_prefix).toBe(sk.body.key.slice(0, 12));
    expect(JSON.stringify(list.body)).not.toContain(sk.body.key);
    expect(listedPk.key).toBe(pk.body.key);
  });

  it("a stranger cannot list a workspace's keys (404)", async () => {
    const stranger = await signUp(api);
    const res = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: stranger.token,
    });
    expect(res.status).toBe(404);
  });
});

describe("updating, disabling and revoking", () => {
  it("PATCH renames a key", async () => {
    const key = await createKey({ type: "sk" });
    const res = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { name: "Renamed" },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Renamed");
    expect(res.body.key).toBeUndefined();
  });

  it("a disabled key fails with api_key_disabled; re-enabled it works again", async () => {
    const key = await createKey({ type: "sk" });
    expect((await api.request("GET", "/v1/products", { token: key.body.key })).status).toBe(200);
    const disabled = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { state: "disabled" },
    });
    expect(disabled.body).toMatchObject({ state: "disabled", is_active: false });
    const refused = await api.request("GET", "/v1/products", { token: key.body.key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("api_key_disabled");
    const enabled = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { state: "enabled" },
    });
    expect(enabled.body).toMatchObject({ state: "enabled", is_active: true });
    expect((await api.request("GET", "/v1/products", { token: key.body.key })).status).toBe(200);
  });

  it("DELETE revokes the key and it fails with api_key_revoked on its very next request", async () => {
    const key = await createKey({ type: "sk" });
    expect((await api.request("GET", "/v1/products", { token: key.body.key })).status).toBe(200);
    const revoked = await api.request("DELETE", `/v1/api-keys/${key.body.id}`, { token: merchant.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: key.body.id, state: "revoked", is_active: false });
    const next = await api.request("GET", "/v1/products", { token: key.body.key });
    expect(next.status).toBe(401);
    expect(next.body.error.code).toBe("api_key_revoked");
  });

  it("revoking an already revoked key keeps the first revocation time", async () => {
    const key = await createKey({ type: "sk" });
    await api.request("DELETE", `/v1/api-keys/${key.body.id}`, { token: merchant.token });
    const first = 1_700_000_000;
    await api.deps.db
      .updateTable("api_keys")
      .set({ revoked_at: first })
      .where("id", "=", key.body.id)
      .execute();
    const again = await api.request("DELETE", `/v1/api-keys/${key.body.id}`, { token: merchant.token });
    expect(again.status).toBe(200);
    expect(again.body.state).toBe("revoked");
    const row = await api.deps.db
      .selectFrom("api_keys")
      .select("revoked_at")
      .where("id", "=", key.body.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(first);
  });

  it("a revoked key cannot be re-enabled: PATCH answers 400 api_key_revoked_final, not a silent 200", async () => {
    const key = await createKey({ type: "pk" });
    await api.request("DELETE", `/v1/api-keys/${key.body.id}`, { token: merchant.token });
    const res = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { state: "enabled" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "api_key_revoked_final", param: "state" });
    const renamed = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { name: "Old checkout key" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Old checkout key", state: "revoked" });
    expect((await api.request("GET", "/v1/products", { token: key.body.key })).body.error.code).toBe(
      "api_key_revoked",
    );
    const listed = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
    });
    expect(listed.body.data.find((k: { id: string }) => k.id === key.body.id).state).toBe("revoked");
  });

  it("PATCH may only set enabled or disabled (revoking is DELETE)", async () => {
    const key = await createKey({ type: "sk" });
    const res = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: merchant.token,
      body: { state: "revoked" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe("state");
  });

  it("another user cannot update or revoke a key (404), and an unknown id is 404", async () => {
    const key = await createKey({ type: "sk" });
    const stranger = await signUp(api);
    const patch = await api.request("PATCH", `/v1/api-keys/${key.body.id}`, {
      token: stranger.token,
      body: { state: "disabled" },
    });
    expect(patch.status).toBe(404);
    const del = await api.request("DELETE", `/v1/api-keys/${key.body.id}`, { token: stranger.token });
    expect(del.status).toBe(404);
    expect((await api.request("GET", "/v1/products", { token: key.body.key })).status).toBe(200);
    const unknown = await api.request("DELETE", "/v1/api-keys/key_doesnotexist", { token: merchant.token });
    expect(unknown.status).toBe(404);
  });
});

describe("key usage and storage", () => {
  it("last_used_at is set once the key has been used", async () => {
    const key = await createKey({ type: "sk" });
    const before = Math.floor(Date.now() / 1000);
    await api.request("GET", "/v1/products", { token: key.body.key });
    const list = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
    });
    const listed = list.body.data.find((k: { id: string }) => k.id === key.body.id);
    expect(listed.last_used_at).toBeGreaterThanOrEqual(before);
  });

  it("secret keys are stored only hashed: no column holds the plaintext", async () => {
    const key = await createKey({ type: "sk" });
    const rows = await api.deps.db.selectFrom("api_keys").selectAll().where("id", "=", key.body.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key.body.key);
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.publishable_key).toBeNull();
  });

  it("an API key cannot manage keys: create, list, update and revoke are session_required", async () => {
    const target = await createKey({ type: "pk" });
    const calls = [
      createKey({ type: "sk" }, merchant.workspaceId, merchant.sk),
      api.request("GET", `/v1/workspaces/${merchant.workspaceId}/api-keys`, { token: merchant.sk }),
      api.request("PATCH", `/v1/api-keys/${target.body.id}`, {
        token: merchant.sk,
        body: { state: "disabled" },
      }),
      api.request("DELETE", `/v1/api-keys/${target.body.id}`, { token: merchant.sk }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("session_required");
    }
    expect((await api.request("GET", "/v1/products", { token: target.body.key })).status).toBe(200);
  });
});

describe("scopes narrow secret keys", () => {
  it("a read-only secret key may read but not write (insufficient_scope)", async () => {
    const scoped = await startTestApi();
    try {
      const m = await setupMerchant(scoped);
      const created = await scoped.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
        token: m.token,
        body: { type: "sk", name: "reporting", scopes: ["read"] },
      });
      expect(created.status).toBe(201);
      const key = created.body.key as string;
      expect((await scoped.request("GET", "/v1/products", { token: key })).status).toBe(200);
      const write = await scoped.request("POST", "/v1/products", {
        token: key,
        body: { name: "x", price_minor: 1, stock: 1 },
      });
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe("insufficient_scope");
      const intent = await scoped.request("POST", "/v1/payment_intents", {
        token: key,
        body: { amount_minor: 100 },
      });
      expect(intent.body.error.code).toBe("insufficient_scope");
    } finally {
      await scoped.close();
    }
  });
});

describe("rolling keys (POST /v1/api-keys/{id}/roll)", () => {
  const roll = (
    id: string,
    body: object,
    options: { token?: string; headers?: Record<string, string> } = {},
  ) =>
    api.request("POST", `/v1/api-keys/${id}/roll`, {
      token: options.token ?? merchant.token,
      body,
      ...(options.headers ? { headers: options.headers } : {}),
    });
  const products = (key: string) => api.request("GET", "/v1/products", { token: key });
  const listed = async (id: string) => {
    const list = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
    });
    return list.body.data.find((k: { id: string }) => k.id === id);
  };
  /** Moves a key's expiry (into the past by default) by plain SQL, then waits for its notification. */
  const expireNow = async (id: string, inSeconds = -1) => {
    const before = api.deps.keys?.generation ?? 0;
    await api.deps.db
      .updateTable("api_keys")
      .set({ expires_at: Math.floor(Date.now() / 1000) + inSeconds })
      .where("id", "=", id)
      .execute();
    await waitUntil(async () => (api.deps.keys?.generation ?? 0) > before, 3_000, "the notification");
  };

  it("with an overlap: a new key of the same kind, shown once; the old one works until expires_at", async () => {
    const old = await createKey({ type: "sk", name: "Backend", scopes: ["read"] });
    const before = Math.floor(Date.now() / 1000);
    const res = await roll(old.body.id, { expires_in_seconds: 86_400 });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(old.body.id);
    expect(res.body.key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(res.body).toMatchObject({
      type: "sk",
      env: "test",
      name: "Backend",
      scopes: ["read"],
      state: "enabled",
      environment_id: old.body.environment_id,
      expires_at: null,
    });
    expect((await products(res.body.key)).status).toBe(200);
    expect((await products(old.body.key)).status).toBe(200);
    const oldListed = await listed(old.body.id);
    expect(oldListed.expires_at).toBeGreaterThanOrEqual(before + 86_400);
    expect(oldListed.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
    expect(oldListed.state).toBe("enabled");
    expect((await listed(res.body.id)).key).toBeUndefined(); // the secret is not shown again

    expect(oldListed.is_active).toBe(true);

    await expireNow(old.body.id);
    const refused = await products(old.body.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("api_key_revoked");
    expect((await products(res.body.key)).status).toBe(200);
    expect(await listed(old.body.id)).toMatchObject({ state: "enabled", is_active: false });
  });

  it("a key cached just before its expiry is refused once the time passes (no notification needed)", async () => {
    const old = await createKey({ type: "sk" });
    const rolled = await roll(old.body.id, { expires_in_seconds: 3600 });
    expect(rolled.status).toBe(201);
    // An overlap shorter than the cache's safety-net lifetime (a minute), so only the expiry can end it.
    await expireNow(old.body.id, 10);
    expect((await products(old.body.key)).status).toBe(200);
    expect(api.deps.keys?.get(hashToken(old.body.key))?.principal.keyId).toBe(old.body.id);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 20_000 });
    try {
      const refused = await products(old.body.key);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("api_key_revoked");
      expect((await products(rolled.body.key)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an expired publishable key is not handed to hosted checkout or listed as active in onboarding", async () => {
    const { workspaceId } = await createWorkspace(api, merchant.token);
    const pk = await createKey({ type: "pk" }, workspaceId);
    const rolled = await roll(pk.body.id, { expires_in_seconds: 3600 });
    expect(rolled.body.key).toMatch(/^pk_test_/);
    expect(rolled.body.key).not.toBe(pk.body.key);
    const sk = await createKey({ type: "sk" }, workspaceId);
    const product = await api.request("POST", "/v1/products", {
      token: sk.body.key,
      body: { name: "Mug", price_minor: 1250, stock: 5 },
    });
    expect(product.status).toBe(201);
    const checkout = () => api.request("GET", `/api/checkout/payment-links/${product.body.payment_link.id}`);
    expect((await checkout()).body.publishable_key).toBe(pk.body.key); // still in its overlap

    await expireNow(pk.body.id);
    expect((await checkout()).body.publishable_key).toBe(rolled.body.key);
    const keys = await api.request("GET", "/onboarding/api-keys", {
      token: merchant.token,
      headers: { "x-workspace-id": workspaceId },
    });
    expect(keys.status).toBe(200);
    const ids = keys.body.api_keys.map((k: { id: string }) => k.id);
    expect(ids).toContain(rolled.body.id);
    expect(ids).not.toContain(pk.body.id);
    expect((await products(pk.body.key)).status).toBe(401);
  });

  it("with 0 the old key is revoked at once", async () => {
    const old = await createKey({ type: "sk" });
    expect((await products(old.body.key)).status).toBe(200);
    const res = await roll(old.body.id, { expires_in_seconds: 0 });
    expect(res.status).toBe(201);
    const refused = await products(old.body.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("api_key_revoked");
    expect((await listed(old.body.id)).state).toBe("revoked");
    expect((await products(res.body.key)).status).toBe(200);
  });

  it("rolling twice, or rolling a revoked key, is a 409 and creates nothing", async () => {
    const old = await createKey({ type: "sk" });
    expect((await roll(old.body.id, { expires_in_seconds: 3600 })).status).toBe(201);
    const count = async () =>
      (
        await api.deps.db
          .selectFrom("api_keys")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("workspace_id", "=", merchant.workspaceId)
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const again = await roll(old.body.id, { expires_in_seconds: 0 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("api_key_already_rolled");
    expect((await products(old.body.key)).status).toBe(200); // still in its overlap

    const revoked = await createKey({ type: "sk" });
    await api.request("DELETE", `/v1/api-keys/${revoked.body.id}`, { token: merchant.token });
    const res = await roll(revoked.body.id, { expires_in_seconds: 3600 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("api_key_revoked_not_rollable");
    expect(Number(await count())).toBe(before + 1); // only the revoked key's own creation
  });

  it("only the listed overlaps are accepted", async () => {
    const old = await createKey({ type: "sk" });
    for (const body of [{ expires_in_seconds: 60 }, { expires_in_seconds: "3600" }, {}]) {
      const res = await roll(old.body.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe("expires_in_seconds");
    }
    expect((await listed(old.body.id)).expires_at).toBeNull();
  });

  it("another workspace's key, or another environment's, is 404 and stays as it was", async () => {
    const old = await createKey({ type: "sk" });
    const stranger = await signUp(api);
    expect((await roll(old.body.id, { expires_in_seconds: 0 }, { token: stranger.token })).status).toBe(404);
    const { workspaceId } = await createWorkspace(api, merchant.token);
    const otherWorkspace = await roll(
      old.body.id,
      { expires_in_seconds: 0 },
      { headers: { "x-workspace-id": workspaceId } },
    );
    expect(otherWorkspace.status).toBe(404);
    const live = await createKey({ type: "sk", env: "live" });
    const otherEnvironment = await roll(
      old.body.id,
      { expires_in_seconds: 0 },
      { headers: { "x-environment-id": live.body.environment_id } },
    );
    expect(otherEnvironment.status).toBe(404);
    const sameEnvironment = await roll(
      live.body.id,
      { expires_in_seconds: 3600 },
      { headers: { "x-environment-id": live.body.environment_id } },
    );
    expect(sameEnvironment.status).toBe(201);
    expect(sameEnvironment.body.key).toMatch(/^sk_live_/);
    expect((await roll("key_doesnotexist", { expires_in_seconds: 0 })).status).toBe(404);
    expect((await products(old.body.key)).status).toBe(200);
    expect((await listed(old.body.id)).expires_at).toBeNull();
  });

  it("an API key cannot roll keys (session_required)", async () => {
    const old = await createKey({ type: "sk" });
    const res = await roll(old.body.id, { expires_in_seconds: 0 }, { token: merchant.sk });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("session_required");
  });

  it("is audited as api_key.rolled with the old and new key ids", async () => {
    const old = await createKey({ type: "sk", name: "Audited" });
    const res = await roll(old.body.id, { expires_in_seconds: 604_800 });
    const log = await api.request("GET", "/v1/audit_log?limit=100&action=api_key.rolled", {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    expect(log.status).toBe(200);
    const entry = log.body.data.find((e: { object_id: string }) => e.object_id === old.body.id);
    expect(entry).toMatchObject({ action: "api_key.rolled", workspace_id: merchant.workspaceId });
    expect(entry.details).toMatchObject({
      old_key_id: old.body.id,
      new_key_id: res.body.id,
      expires_at: (await listed(old.body.id)).expires_at,
    });
    expect(JSON.stringify(entry)).not.toContain(res.body.key);
  });

  it("an Idempotency-Key replays the same new key (stored sealed) instead of rolling again", async () => {
    const old = await createKey({ type: "sk" });
    const headers = { "idempotency-key": crypto.randomUUID() };
    const first = await roll(old.body.id, { expires_in_seconds: 3600 }, { headers });
    const second = await roll(old.body.id, { expires_in_seconds: 3600 }, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.key).toBe(first.body.key);
    const stored = await api.deps.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(first.body.key);
  });
});
