import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiResponse,
  allowBrowserAmounts,
  type Merchant,
  setupMerchant,
  startTestApi,
  type TestApi,
  uniqueEmail,
} from "../../test/harness.ts";

/**
 * Idempotency replays. An Idempotency-Key is not a credential: a stored response
 * goes back only to a caller who could have made the original request — same workspace, same
 * environment, same credential kind — and a stored response never holds a secret in plain text.
 */
let api: TestApi;
let m: Merchant;
let other: Merchant;
let skLive: string;
let sk2: string;

const SECRET_SHAPES = /sk_(test|live)_|whsec_|sess_|_secret_/;
let counter = 0;
const freshKey = () => `replay-${Date.now()}-${++counter}`;

function post(path: string, token: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request("POST", path, { token, body, headers: { "idempotency-key": key, ...headers } });
}

async function storedRows(key: string) {
  return api.deps.db.selectFrom("idempotency_keys").selectAll().where("key", "=", key).execute();
}

function expectNoSecret(res: ApiResponse) {
  expect(JSON.stringify(res.body)).not.toMatch(SECRET_SHAPES);
}

beforeAll(async () => {
  api = await startTestApi({ deployment: "local" });
  m = await setupMerchant(api);
  // Its publishable key creates intents for its own amounts below (opt-in).
  await allowBrowserAmounts(api, m);
  other = await setupMerchant(api);
  const live = await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
    token: m.token,
    body: { type: "sk", env: "live" },
  });
  expect(live.status).toBe(201);
  skLive = live.body.key;
  const second = await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
    token: m.token,
    body: { type: "sk" },
  });
  sk2 = second.body.key;
});
afterAll(() => api.close());

describe("attack: replaying someone else's Idempotency-Key", () => {
  it("a publishable key replaying a secret key's webhook-endpoint creation gets 403 secret_key_required, never the stored whsec_ secret", async () => {
    const key = freshKey();
    const body = { url: "http://localhost:3000/hooks" };
    const original = await post("/v1/webhook_endpoints", m.sk, key, body);
    expect(original.status).toBe(201);
    expect(original.body.secret).toMatch(/^whsec_/);
    const replay = await post("/v1/webhook_endpoints", m.pk, key, body);
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe("secret_key_required");
    expect(replay.headers.get("idempotent-replayed")).toBeNull();
    expectNoSecret(replay);
  });

  it("a publishable key replaying a secret key's payment-intent creation is refused, not handed that intent and its client secret", async () => {
    const key = freshKey();
    const body = { amount_minor: 1234 };
    const original = await post("/v1/payment_intents", m.sk, key, body);
    expect(original.status).toBe(201);
    const replay = await post("/v1/payment_intents", m.pk, key, body);
    expect(replay.status).toBe(403);
    expect(JSON.stringify(replay.body)).not.toContain(original.body.id);
  });

  it("a secret key replaying a publishable key's request is told the key belongs to another credential (409), not replayed", async () => {
    const key = freshKey();
    // A publishable key may create intents for an active product of its environment (item 5).
    const product = await post("/v1/products", m.sk, freshKey(), { name: "Tea", price_minor: 555, stock: 5 });
    const body = { amount_minor: 555, product_id: product.body.id };
    const original = await post("/v1/payment_intents", m.pk, key, body);
    expect(original.status).toBe(201);
    const replay = await post("/v1/payment_intents", m.sk, key, body);
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe("idempotency_key_other_credential");
  });

  it("a live key replaying a test key's Idempotency-Key never sees the test response: each environment is its own key space", async () => {
    const key = freshKey();
    const body = { name: "Env wall", price_minor: 900, stock: 2 };
    const test = await post("/v1/products", m.sk, key, body);
    const live = await post("/v1/products", skLive, key, body);
    expect(test.status).toBe(201);
    expect(live.status).toBe(201);
    expect(live.headers.get("idempotent-replayed")).toBeNull();
    expect(live.body.id).not.toBe(test.body.id);
    expect(live.body.environment_id).not.toBe(test.body.environment_id);
  });

  it("a secret key replaying the owner's API-key creation gets 401 session_required, not the new secret key", async () => {
    const key = freshKey();
    const path = `/v1/workspaces/${m.workspaceId}/api-keys`;
    const original = await post(path, m.token, key, { type: "sk" });
    expect(original.status).toBe(201);
    expect(original.body.key).toMatch(/^sk_test_/);
    const replay = await post(path, m.sk, key, { type: "sk" });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("session_required");
    expectNoSecret(replay);
  });

  it("a session replaying a secret key's request (same workspace) runs as its own request, never as a replay", async () => {
    const key = freshKey();
    const body = { name: "Session or key", price_minor: 300, stock: 1 };
    const byKey = await post("/v1/products", m.sk, key, body);
    const bySession = await post("/v1/products", m.token, key, body, { "x-workspace-id": m.workspaceId });
    expect(bySession.status).toBe(201);
    expect(bySession.headers.get("idempotent-replayed")).toBeNull();
    expect(bySession.body.id).not.toBe(byKey.body.id);
  });

  it("another workspace's secret key replaying the key gets its own result, not ours", async () => {
    const key = freshKey();
    const body = { url: "http://localhost:3000/hooks" };
    const ours = await post("/v1/webhook_endpoints", m.sk, key, body);
    const theirs = await post("/v1/webhook_endpoints", other.sk, key, body);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(ours.body.id);
    expect(theirs.body.secret).not.toBe(ours.body.secret);
  });

  it("control: another secret key of the same workspace and environment does replay (Stripe's account-wide keys)", async () => {
    const key = freshKey();
    const body = { url: "http://localhost:3000/hooks" };
    const original = await post("/v1/webhook_endpoints", m.sk, key, body);
    const replay = await post("/v1/webhook_endpoints", sk2, key, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(original.body);
  });
});

describe("attack: reading secrets out of the idempotency store", () => {
  it("a stored webhook-endpoint creation is sealed: the row holds no whsec_, and the owner's replay still gets the secret", async () => {
    const key = freshKey();
    const body = { url: "http://localhost:3000/hooks" };
    const original = await post("/v1/webhook_endpoints", m.sk, key, body);
    const [row] = await storedRows(key);
    expect(row?.response_sealed).toBe(true);
    expect(row?.response_body).not.toMatch(SECRET_SHAPES);
    expect(row?.response_body).not.toContain(original.body.secret);
    const replay = await post("/v1/webhook_endpoints", m.sk, key, body);
    expect(replay.body.secret).toBe(original.body.secret);
  });

  it("a stored secret rotation, API-key creation and payment-intent creation hold no sk_, whsec_ or client secret in plain text", async () => {
    const endpoint = await post("/v1/webhook_endpoints", m.sk, freshKey(), {
      url: "http://localhost:3000/h",
    });
    const rotateKey = freshKey();
    const rotated = await post(
      `/v1/webhook_endpoints/${endpoint.body.id}/rotate_secret`,
      m.sk,
      rotateKey,
      {},
    );
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const apiKeyKey = freshKey();
    const created = await post(`/v1/workspaces/${m.workspaceId}/api-keys`, m.token, apiKeyKey, {
      type: "sk",
    });
    expect(created.body.key).toMatch(/^sk_test_/);
    const intentKey = freshKey();
    const intent = await post("/v1/payment_intents", m.sk, intentKey, { amount_minor: 777 });
    expect(intent.status).toBe(201);
    for (const key of [rotateKey, apiKeyKey, intentKey]) {
      const rows = await storedRows(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.response_sealed, key).toBe(true);
      expect(rows[0]?.response_body, key).not.toMatch(SECRET_SHAPES);
    }
    const everything = await api.deps.db.selectFrom("idempotency_keys").select("response_body").execute();
    for (const { response_body } of everything) expect(response_body ?? "").not.toMatch(SECRET_SHAPES);
  });

  it("sign-in is never replayable: two logins with one Idempotency-Key give two sessions, and nothing is stored", async () => {
    const key = freshKey();
    const credentials = { email: m.email, password: "s3cret-password" };
    const first = await api.request("POST", "/v1/auth/login", {
      body: credentials,
      headers: { "idempotency-key": key },
    });
    const second = await api.request("POST", "/v1/auth/login", {
      body: credentials,
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.session_id).not.toBe(first.body.session_id);
    expect(await storedRows(key)).toEqual([]);
  });

  it("registration stores no replayable session token: a replay with the same key is a new attempt (409 email taken), not the session", async () => {
    const key = freshKey();
    const body = { email: uniqueEmail(), password: "s3cret-password" };
    const first = await api.request("POST", "/v1/auth/register", {
      body,
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(201);
    const replay = await api.request("POST", "/v1/auth/register", {
      body,
      headers: { "idempotency-key": key },
    });
    expect(replay.status).toBe(409);
    expectNoSecret(replay);
    expect(await storedRows(key)).toEqual([]);
  });
});
