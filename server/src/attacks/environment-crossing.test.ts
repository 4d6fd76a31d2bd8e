import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

/**
 * Environment crossings (test and live are walls). One merchant, two environments
 * of one workspace: the sandbox (pk_test, sk_test, a session naming it in X-Environment-Id) and
 * production (pk_live, sk_live). A credential of one environment never reads or changes an object
 * of the other: the object answers 404 exactly like another tenant's. The authorization matrix
 * (src/http/authorization-matrix.test.ts) walks every operation of the OpenAPI document this way;
 * these are the headline attacks, readable one by one.
 */
let api: TestApi;
let m: Merchant;
let skLive: string;
let pkLive: string;
let sandboxId: string;
let productionId: string;
/** Objects of the production environment. */
const live = {} as { product: string; link: string; intent: string; clientSecret: string; endpoint: string };
/** Objects of the sandbox. */
const test = {} as { intent: string; endpoint: string; event: string };

const sandboxSession = () => ({ "x-workspace-id": m.workspaceId, "x-environment-id": sandboxId });

async function liveEventId(): Promise<string> {
  const res = await api.request("GET", "/v1/events?limit=1", { token: skLive });
  return res.body.data[0].id;
}

beforeAll(async () => {
  api = await startTestApi({ deployment: "local" });
  m = await setupMerchant(api);
  const key = async (type: "sk" | "pk") =>
    (
      await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
        token: m.token,
        body: { type, env: "live" },
      })
    ).body;
  const sk = await key("sk");
  skLive = sk.key;
  productionId = sk.environment_id;
  pkLive = (await key("pk")).key;
  const envs = await api.request("GET", "/api/environments", { token: m.sk });
  sandboxId = envs.body.data.find((e: { type: string }) => e.type === "sandbox").id;

  const product = await api.request("POST", "/v1/products", {
    token: skLive,
    body: { name: "Live coffee", price_minor: 450, stock: 10 },
  });
  const intent = await api.request("POST", "/v1/payment_intents", {
    token: skLive,
    body: { amount_minor: 450, product_id: product.body.id },
  });
  expect(intent.body.env).toBe("live");
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: skLive,
    body: { url: "https://1.1.1.1/live-hooks" },
  });
  expect(endpoint.status).toBe(201);
  Object.assign(live, {
    product: product.body.id,
    link: product.body.payment_link.id,
    intent: intent.body.id,
    clientSecret: intent.body.client_secret,
    endpoint: endpoint.body.id,
  });

  const testIntent = await api.request("POST", "/v1/payment_intents", {
    token: m.sk,
    body: { amount_minor: 300 },
  });
  const testEndpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: m.sk,
    body: { url: "http://localhost:3000/test-hooks" },
  });
  const testEvents = await api.request("GET", "/v1/events?limit=1", { token: m.sk });
  Object.assign(test, {
    intent: testIntent.body.id,
    endpoint: testEndpoint.body.id,
    event: testEvents.body.data[0].id,
  });
});
afterAll(() => api.close());

describe("attack: a test credential reaches into live", () => {
  it("sk_test reading a live payment intent gets 404, like another tenant's", async () => {
    const res = await api.request("GET", `/v1/payment_intents/${live.intent}`, { token: m.sk });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
  });

  it("pk_test holding the live intent's client secret still gets 404: the secret opens one intent, never another environment", async () => {
    const query = `client_secret=${encodeURIComponent(live.clientSecret)}`;
    for (const path of ["", "/events"]) {
      const res = await api.request("GET", `/v1/payment_intents/${live.intent}${path}?${query}`, {
        token: m.pk,
      });
      expect(res.status, path).toBe(404);
    }
  });

  it("pk_test streaming a live intent (SSE) gets 404, not a stream", async () => {
    const query = `client_secret=${encodeURIComponent(live.clientSecret)}`;
    const res = await api.request("GET", `/v1/payment_intents/${live.intent}/stream?${query}`, {
      token: m.pk,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("text/event-stream");
  });

  it("sk_test creating an intent with a live product_id is refused (resource_missing on product_id) and creates nothing", async () => {
    const before = await api.request("GET", "/v1/payment_intents?limit=100", { token: m.sk });
    const res = await api.request("POST", "/v1/payment_intents", {
      token: m.sk,
      body: { amount_minor: 450, product_id: live.product },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
    const after = await api.request("GET", "/v1/payment_intents?limit=100", { token: m.sk });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it("a sandbox session creating an intent with a live product_id is refused the same way", async () => {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: m.token,
      headers: sandboxSession(),
      body: { amount_minor: 450, product_id: live.product },
    });
    expect(res.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
  });

  it("sk_test canceling, submitting for or fulfilling a live intent gets 404 and the intent is untouched", async () => {
    const cancel = await api.request("POST", `/v1/payment_intents/${live.intent}/cancel`, { token: m.sk });
    expect(cancel.status).toBe(404);
    const submit = await api.request("POST", `/v1/payment_intents/${live.intent}/submit`, {
      token: m.sk,
      body: { txid: "ab".repeat(32) },
    });
    expect(submit.status).toBe(404);
    const fulfil = await api.request("POST", `/v1/payment_intents/${live.intent}/fulfillment`, {
      token: m.sk,
      body: { fulfillment_status: "shipped" },
    });
    expect(fulfil.status).toBe(404);
    const after = await api.request("GET", `/v1/payment_intents/${live.intent}`, { token: skLive });
    expect(after.body).toMatchObject({ status: "requires_payment_method", txid: null });
  });

  it("sk_test reading a live intent's webhook deliveries gets 404", async () => {
    const res = await api.request("GET", `/v1/payment_intents/${live.intent}/webhook_deliveries`, {
      token: m.sk,
    });
    expect(res.status).toBe(404);
  });

  it("a sandbox session listing events sees no live event, and reading one by id gets 404", async () => {
    const liveEvent = await liveEventId();
    const list = await api.request("GET", "/v1/events?limit=100", {
      token: m.token,
      headers: sandboxSession(),
    });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((e: { livemode?: boolean; id: string }) => e.id !== liveEvent)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(live.intent);
    const one = await api.request("GET", `/v1/events/${liveEvent}`, {
      token: m.token,
      headers: sandboxSession(),
    });
    expect(one.status).toBe(404);
  });

  it("sk_test redelivering a live event gets 404, and no delivery is queued", async () => {
    const liveEvent = await liveEventId();
    const res = await api.request("POST", `/v1/events/${liveEvent}/redeliver`, { token: m.sk, body: {} });
    expect(res.status).toBe(404);
    const detail = await api.request("GET", `/v1/events/${liveEvent}`, { token: skLive });
    expect(detail.body.deliveries.filter((d: { manual: boolean }) => d.manual)).toEqual([]);
  });

  it("sk_test redelivering its own event to a live endpoint (endpoint_id) gets 404 on endpoint_id", async () => {
    const res = await api.request("POST", `/v1/events/${test.event}/redeliver`, {
      token: m.sk,
      body: { endpoint_id: live.endpoint },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.param).toBe("endpoint_id");
  });

  it("sk_test reading, disabling, rotating or deleting a live webhook endpoint gets 404; the endpoint is untouched", async () => {
    const path = `/v1/webhook_endpoints/${live.endpoint}`;
    expect((await api.request("GET", path, { token: m.sk })).status).toBe(404);
    expect((await api.request("GET", `${path}/attempts`, { token: m.sk })).status).toBe(404);
    expect((await api.request("PATCH", path, { token: m.sk, body: { status: "disabled" } })).status).toBe(
      404,
    );
    expect((await api.request("POST", `${path}/rotate_secret`, { token: m.sk })).status).toBe(404);
    expect((await api.request("DELETE", path, { token: m.sk })).status).toBe(404);
    const list = await api.request("GET", "/v1/webhook_endpoints", { token: m.sk });
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(live.endpoint);
    const after = await api.request("GET", path, { token: skLive });
    expect(after.body).toMatchObject({ status: "enabled", previous_secret_expires_at: null });
  });

  it("sk_test syncing a live product's id through the legacy sync makes a sandbox product of its own (a live link id is 409 id_taken), and the live ones stay as they were", async () => {
    const newLink = await api.request("POST", "/api/payment-links", {
      token: m.sk,
      body: { product_id: live.product, product_data: { name: "borrowed" } },
    });
    expect(newLink.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
    // Product ids are per environment: the sandbox gets a product of its own under that id.
    const product = await api.request("POST", "/api/products", {
      token: m.sk,
      body: { id: live.product, name: "pwned", price_usd: 0.01, stock: 1 },
    });
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ environment_id: sandboxId, name: "pwned", price_minor: 1 });
    const link = await api.request("POST", "/api/payment-links", {
      token: m.sk,
      body: { id: live.link, product_data: { name: "pwned" } },
    });
    expect(link.status).toBe(409);
    // Deleting the sandbox's one leaves the live one, and its link still sells it.
    expect((await api.request("DELETE", `/v1/products/${live.product}`, { token: m.sk })).status).toBe(200);
    expect((await api.request("GET", `/api/payment-links/${live.link}`)).body).toMatchObject({
      active: true,
      product_data: { price_minor: 450 },
    });
    const after = await api.request("GET", `/v1/products/${live.product}`, { token: skLive });
    expect(after.body).toMatchObject({ name: "Live coffee", price_minor: 450 });
  });

  it("sk_test using a live intent as a list cursor gets 400 on starting_after: ids cannot be probed", async () => {
    const res = await api.request("GET", `/v1/payment_intents?starting_after=${live.intent}`, {
      token: m.sk,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe("starting_after");
  });

  it("payments, analytics and product lists of sk_test never show or count a live object", async () => {
    for (const path of [
      "/v1/payments?limit=100",
      "/v1/analytics/overview?range=30d",
      "/v1/products?limit=100",
    ]) {
      const res = await api.request("GET", path, { token: m.sk });
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, path).not.toContain(live.intent);
      expect(text, path).not.toContain(live.product);
    }
    const counts = await api.request("GET", "/v1/payments/counts", { token: m.sk });
    const liveCounts = await api.request("GET", "/v1/payments/counts", { token: skLive });
    expect(liveCounts.body.all).toBe(1);
    expect(counts.body.all).toBe(1); // the sandbox's own intent only
  });

  it("sk_test renaming or deleting the production environment gets 404, and cannot create one either", async () => {
    const rename = await api.request("PATCH", `/api/environments/${productionId}`, {
      token: m.sk,
      body: { name: "pwned" },
    });
    expect(rename.status).toBe(404);
    const remove = await api.request("DELETE", `/api/environments/${productionId}`, { token: m.sk });
    expect(remove.status).toBe(404);
    const create = await api.request("POST", "/api/environments", {
      token: m.sk,
      body: { name: "shadow-live", type: "production" },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.code).toBe("env_mismatch");
    const envs = await api.request("GET", "/api/environments", {
      token: m.token,
      headers: { "x-workspace-id": m.workspaceId },
    });
    expect(envs.body.data.find((e: { id: string }) => e.id === productionId)?.name).toBe("production");
  });
});

describe("attack: a live credential reaches into test", () => {
  it("sk_live and pk_live reading a sandbox intent get 404", async () => {
    expect((await api.request("GET", `/v1/payment_intents/${test.intent}`, { token: skLive })).status).toBe(
      404,
    );
    const testIntent = await api.request("GET", `/v1/payment_intents/${test.intent}`, { token: m.sk });
    const query = `client_secret=${encodeURIComponent(testIntent.body.client_secret)}`;
    const byPk = await api.request("GET", `/v1/payment_intents/${test.intent}?${query}`, { token: pkLive });
    expect(byPk.status).toBe(404);
  });

  it("sk_live reading or redelivering a sandbox event, or reading a sandbox endpoint, gets 404", async () => {
    expect((await api.request("GET", `/v1/events/${test.event}`, { token: skLive })).status).toBe(404);
    const redeliver = await api.request("POST", `/v1/events/${test.event}/redeliver`, {
      token: skLive,
      body: {},
    });
    expect(redeliver.status).toBe(404);
    expect(
      (await api.request("GET", `/v1/webhook_endpoints/${test.endpoint}`, { token: skLive })).status,
    ).toBe(404);
  });

  it("sk_live deleting the sandbox environment gets 404", async () => {
    const res = await api.request("DELETE", `/api/environments/${sandboxId}`, { token: skLive });
    expect(res.status).toBe(404);
  });
});

describe("attack: listening in on the other environment's event stream", () => {
  it("sk_test's /v1/events/stream carries its own events and never a live one", async () => {
    const served = await api.listen();
    const abort = new AbortController();
    try {
      const res = await fetch(`${served.url}/v1/events/stream`, {
        headers: { authorization: `Bearer ${m.sk}` },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      // A live event first, then a test one: once the test one arrives, the live one had its chance.
      const liveIntent = await api.request("POST", "/v1/payment_intents", {
        token: skLive,
        body: { amount_minor: 450, product_id: live.product },
      });
      const testIntent = await api.request("POST", "/v1/payment_intents", {
        token: m.sk,
        body: { amount_minor: 301 },
      });
      let text = "";
      const deadline = Date.now() + 10_000;
      while (!text.includes(testIntent.body.id) && Date.now() < deadline) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      expect(text).toContain(testIntent.body.id);
      expect(text).not.toContain(liveIntent.body.id);
      expect(text).not.toContain(live.intent);
    } finally {
      abort.abort();
      await served.close();
    }
  });
});

describe("rule: a session without X-Environment-Id acts on the whole workspace, as its owner", () => {
  it("the dashboard's session (no X-Environment-Id) reads both environments' objects; with the header it reads only that one", async () => {
    const owner = { "x-workspace-id": m.workspaceId };
    expect(
      (await api.request("GET", `/v1/payment_intents/${live.intent}`, { token: m.token, headers: owner }))
        .status,
    ).toBe(200);
    expect(
      (await api.request("GET", `/v1/payment_intents/${test.intent}`, { token: m.token, headers: owner }))
        .status,
    ).toBe(200);
    const sandboxOnly = await api.request("GET", `/v1/payment_intents/${live.intent}`, {
      token: m.token,
      headers: sandboxSession(),
    });
    expect(sandboxOnly.status).toBe(404);
  });
});

describe("audit: deleting an environment is recorded", () => {
  it("environment.deleted is in the audit log with the actor, the IP and the environment", async () => {
    const owner = { "x-workspace-id": m.workspaceId };
    const spare = await api.request("POST", "/api/environments", {
      token: m.token,
      headers: owner,
      body: { name: "to-delete" },
    });
    const res = await api.request("DELETE", `/api/environments/${spare.body.id}`, {
      token: m.token,
      headers: owner,
    });
    expect(res.status).toBe(200);
    const rows = await api.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "environment.deleted")
      .where("object_id", "=", spare.body.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      workspace_id: m.workspaceId,
      actor_type: "user",
      object_type: "environment",
    });
    expect(rows[0]?.ip).toBeTruthy();
  });
});
