import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  raceWorkers,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import {
  type ReceivedWebhook,
  type Responder,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/webhook-receiver.ts";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from "./worker.ts";

let api: TestApi;
let merchant: Merchant;
let receiver: WebhookReceiver;
/** Per-path behaviour of the receiver; default 200. */
const behaviour = new Map<string, Responder>();

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  receiver = await startWebhookReceiver((req, seen) =>
    (behaviour.get(req.path) ?? (() => ({ status: 200, body: "ok" })))(req, seen),
  );
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

/** Retries immediately, so a test sees the whole schedule in a few ticks. */
const worker = () =>
  new WebhookWorker(api.deps, { ...DEFAULT_WEBHOOK_OPTIONS, delays: [0, 0, 0], intervalMs: 10 });

async function createEndpoint(path: string, body: Record<string, unknown> = {}, token = merchant.sk) {
  const res = await api.request("POST", "/v1/webhook_endpoints", {
    token,
    body: { url: `${receiver.url}${path}`, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string; enabled_events: string[] };
}

async function createIntent(m = merchant) {
  const res = await api.request("POST", "/v1/payment_intents", { token: m.sk, body: { amount_minor: 500 } });
  return res.body as { id: string };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const verify = (secret: string, w: ReceivedWebhook) =>
  new Webhook(secret).verify(w.body, {
    "webhook-id": w.headers["webhook-id"]!,
    "webhook-timestamp": w.headers["webhook-timestamp"]!,
    "webhook-signature": w.headers["webhook-signature"]!,
  });

describe("webhook endpoints API", () => {
  it("creates with a whsec_ secret shown once; lists, retrieves, updates and deletes", async () => {
    const created = await createEndpoint("/crud", { description: "orders" });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.enabled_events).toEqual(["*"]);
    const got = await api.request("GET", `/v1/webhook_endpoints/${created.id}`, { token: merchant.sk });
    expect(got.body.secret).toBeUndefined();
    const list = await api.request("GET", "/v1/webhook_endpoints", { token: merchant.sk });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(created.id);
    const patched = await api.request("PATCH", `/v1/webhook_endpoints/${created.id}`, {
      token: merchant.sk,
      body: { enabled_events: ["payment.succeeded", "payment_intent.expired"], status: "disabled" },
    });
    expect(patched.body).toMatchObject({
      enabled_events: ["payment_intent.succeeded", "payment_intent.expired"],
      status: "disabled",
      disabled_reason: "disabled_by_user",
    });
    expect(
      (await api.request("DELETE", `/v1/webhook_endpoints/${created.id}`, { token: merchant.sk })).body
        .deleted,
    ).toBe(true);
    expect(
      (await api.request("GET", `/v1/webhook_endpoints/${created.id}`, { token: merchant.sk })).status,
    ).toBe(404);
  });

  it("secrets are stored sealed, never in plain text", async () => {
    const created = await createEndpoint("/sealed");
    const row = await api.deps.db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(created.secret.slice(6, 20));
    expect(row.secret_sealed).toMatch(/^v1\./);
  });

  it("refuses unknown event types, non-http URLs, and publishable keys", async () => {
    const bad = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: `${receiver.url}/x`, enabled_events: ["payment.exploded"] },
    });
    expect(bad.body.error.param).toBe("enabled_events.0");
    const ftp = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: "ftp://example.com/hook" },
    });
    expect(ftp.body.error.code).toBe("url_not_allowed");
    const pk = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.pk,
      body: { url: `${receiver.url}/x` },
    });
    expect(pk.body.error.code).toBe("secret_key_required");
  });

  it("production endpoints refuse loopback, private, link-local and metadata addresses (SSRF); sandbox allows localhost", async () => {
    const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    const liveKey = live.body.key as string;
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://169.254.169.254/latest",
      "http://10.1.2.3/",
      "http://[::1]:3000/",
    ]) {
      const res = await api.request("POST", "/v1/webhook_endpoints", { token: liveKey, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe("url_not_allowed");
    }
    const sandbox = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: "http://localhost:3000/webhooks" },
    });
    expect(sandbox.status).toBe(201);
    await api.request("DELETE", `/v1/webhook_endpoints/${sandbox.body.id}`, { token: merchant.sk });
  });
});

describe("delivery", () => {
  it("delivers each event signed per Standard Webhooks, verified by the standardwebhooks package", async () => {
    const m = await setupMerchant(api);
    const endpoint = await createEndpoint("/signed", {}, m.sk);
    const intent = await createIntent(m);
    await worker().tick();
    const [hit] = at("/signed");
    expect(hit).toBeDefined();
    const payload = verify(endpoint.secret, hit!) as {
      id: string;
      type: string;
      env: string;
      created_at: number;
      data: { object: { id: string } };
    };
    expect(payload).toMatchObject({
      type: "payment_intent.created",
      env: "test",
      data: { object: { id: intent.id } },
    });
    expect(hit!.headers["webhook-id"]).toBe(payload.id);
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["user-agent"]).toMatch(/^sPay-Webhooks/);
  });

  it("only events an endpoint subscribed to, of its own workspace and environment", async () => {
    const m = await setupMerchant(api);
    await createEndpoint("/only-canceled", { enabled_events: ["payment_intent.canceled"] }, m.sk);
    const intent = await createIntent(m);
    await createIntent(); // another workspace's event
    await api.request("POST", `/v1/payment_intents/${intent.id}/cancel`, { token: m.sk });
    await worker().tick();
    expect(at("/only-canceled").map((r) => JSON.parse(r.body).type)).toEqual(["payment_intent.canceled"]);
  });

  it("a flaky receiver (fails twice, then 200) gets the event on the third attempt with the same webhook-id", async () => {
    const m = await setupMerchant(api);
    behaviour.set("/flaky", (_req, seen) =>
      seen < 2 ? { status: 500, body: "boom" } : { status: 200, body: "ok" },
    );
    await createEndpoint("/flaky", {}, m.sk);
    await createIntent(m);
    const w = worker();
    for (let i = 0; i < 3; i++) await w.tick();
    const hits = at("/flaky");
    expect(hits.map((h) => h.headers["webhook-id"])).toEqual(Array(3).fill(hits[0]!.headers["webhook-id"]));
    const event = await api.request("GET", `/v1/events/${hits[0]!.headers["webhook-id"]}`, { token: m.sk });
    expect(
      event.body.attempts.map((a: { attempt: number; status_code: number; succeeded: boolean }) => [
        a.attempt,
        a.status_code,
        a.succeeded,
      ]),
    ).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(event.body.attempts[0].response_excerpt).toBe("boom");
    expect(event.body.deliveries[0].state).toBe("succeeded");
  });

  it("a slow receiver: every delivery is under its worker's live lease when sent, so racing workers send each once", async () => {
    // Each answer takes 700 ms; a lease of 1 s lapses 1–2 s after its claim. Deliveries claimed
    // together and sent one after another (concurrency 1) would outlive their lease while waiting.
    const m = await setupMerchant(api);
    behaviour.set("/slow", () => ({ status: 200, body: "ok", delayMs: 700 }));
    await createEndpoint("/slow", {}, m.sk);
    for (let i = 0; i < 5; i++) await createIntent(m);
    const options = { ...DEFAULT_WEBHOOK_OPTIONS, concurrency: 1, leaseSeconds: 1, intervalMs: 10 };
    const [a, b] = [new WebhookWorker(api.deps, options), new WebhookWorker(api.deps, options)];
    await raceWorkers(a, b);
    const ids = at("/slow").map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it("a delivery another worker took over while this one was stalled is not sent again by it", async () => {
    // The first request is answered after 3.5 s, longer than the 1 s lease (which lapses 1–3 s
    // after it is taken, counted in whole seconds): meanwhile B claims both of A's deliveries.
    const m = await setupMerchant(api);
    let requests = 0;
    behaviour.set("/stalled", () => ({ status: 200, body: "ok", delayMs: requests++ === 0 ? 3_500 : 0 }));
    await createEndpoint("/stalled", {}, m.sk);
    for (let i = 0; i < 2; i++) await createIntent(m);
    const options = { ...DEFAULT_WEBHOOK_OPTIONS, concurrency: 1, leaseSeconds: 1, intervalMs: 10 };
    const [a, b] = [new WebhookWorker(api.deps, options), new WebhookWorker(api.deps, options)];
    const stalled = a.tick();
    while (at("/stalled").length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const inFlight = at("/stalled")[0]!.headers["webhook-id"];
    // B looks for due deliveries every 100 ms until it has sent the one waiting in A's batch.
    const deadline = Date.now() + 10_000;
    while (!at("/stalled").some((r) => r.headers["webhook-id"] !== inFlight) && Date.now() < deadline) {
      await b.tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stalled;
    const ids = at("/stalled").map((r) => r.headers["webhook-id"]);
    // The one A was sending when its lease lapsed went out twice (a send must fit in its lease);
    // the one still waiting in A's batch was sent by B alone.
    expect(ids.filter((id) => id === inFlight)).toHaveLength(2);
    expect(ids.filter((id) => id !== inFlight)).toHaveLength(1);
  });

  it("3xx is a failure (redirects are not followed); the schedule ends in failed", async () => {
    const m = await setupMerchant(api);
    behaviour.set("/redirect", () => ({ status: 302, headers: { location: `${receiver.url}/elsewhere` } }));
    await createEndpoint("/redirect", {}, m.sk);
    await createIntent(m);
    const w = worker();
    for (let i = 0; i < 5; i++) await w.tick();
    expect(at("/redirect")).toHaveLength(4); // first attempt + three retries of the test schedule
    expect(at("/elsewhere")).toHaveLength(0);
    const delivery = await api.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("state", "=", "failed")
      .execute();
    expect(delivery.length).toBeGreaterThan(0);
  });

  it("honours Retry-After on 429", async () => {
    const m = await setupMerchant(api);
    behaviour.set("/busy", () => ({ status: 429, headers: { "retry-after": "120" } }));
    const endpoint = await createEndpoint("/busy", {}, m.sk);
    await createIntent(m);
    await worker().tick();
    const row = await api.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("pending");
    expect(row.next_attempt_at - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(115);
  });

  it("410 Gone disables the endpoint; a disabled endpoint receives nothing", async () => {
    const m = await setupMerchant(api);
    behaviour.set("/gone", () => ({ status: 410 }));
    const endpoint = await createEndpoint("/gone", {}, m.sk);
    await createIntent(m);
    await worker().tick();
    const got = await api.request("GET", `/v1/webhook_endpoints/${endpoint.id}`, { token: m.sk });
    expect(got.body).toMatchObject({ status: "disabled", disabled_reason: "endpoint_returned_410" });
    await createIntent(m);
    await worker().tick();
    expect(at("/gone")).toHaveLength(1);
  });

  it("an endpoint failing for three days straight is disabled", async () => {
    const m = await setupMerchant(api);
    behaviour.set("/down", () => ({ status: 500 }));
    const endpoint = await createEndpoint("/down", {}, m.sk);
    await api.deps.db
      .updateTable("webhook_endpoints")
      .set({ failing_since: Math.floor(Date.now() / 1000) - 3 * 86_400 - 1 })
      .where("id", "=", endpoint.id)
      .execute();
    await createIntent(m);
    await worker().tick();
    const got = await api.request("GET", `/v1/webhook_endpoints/${endpoint.id}`, { token: m.sk });
    expect(got.body).toMatchObject({ status: "disabled", disabled_reason: "failing_for_3_days" });
  });

  it("during a secret rotation both signatures are sent; after 24 h only the new one", async () => {
    const m = await setupMerchant(api);
    const endpoint = await createEndpoint("/rotate", {}, m.sk);
    const rotated = await api.request("POST", `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, {
      token: m.sk,
    });
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(rotated.body.previous_secret_expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(86_000);
    await createIntent(m);
    await worker().tick();
    const [during] = at("/rotate");
    expect(during!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(endpoint.secret, during!)).toBeTruthy();
    expect(verify(rotated.body.secret, during!)).toBeTruthy();
    await api.deps.db
      .updateTable("webhook_endpoints")
      .set({ previous_secret_expires_at: 1 })
      .where("id", "=", endpoint.id)
      .execute();
    await createIntent(m);
    await worker().tick();
    const after = at("/rotate")[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verify(rotated.body.secret, after)).toBeTruthy();
    expect(() => verify(endpoint.secret, after)).toThrow();
  });
});

describe("events API", () => {
  it("lists events newest first with a type filter and cursor pagination; redelivers on demand", async () => {
    const m = await setupMerchant(api);
    await createEndpoint("/events-api", {}, m.sk);
    const a = await createIntent(m);
    await createIntent(m);
    await api.request("POST", `/v1/payment_intents/${a.id}/cancel`, { token: m.sk });
    const all = await api.request("GET", "/v1/events?limit=2", { token: m.sk });
    expect(all.body.data.map((e: { type: string }) => e.type)).toEqual([
      "payment_intent.canceled",
      "payment_intent.created",
    ]);
    expect(all.body.has_more).toBe(true);
    const next = await api.request("GET", `/v1/events?limit=2&starting_after=${all.body.data[1].id}`, {
      token: m.sk,
    });
    expect(next.body.data).toHaveLength(1);
    const created = await api.request("GET", "/v1/events?type=payment_intent.created", { token: m.sk });
    expect(created.body.data).toHaveLength(2);
    expect((await api.request("GET", "/v1/events?type=payment.exploded", { token: m.sk })).status).toBe(400);

    await worker().tick();
    const eventId = all.body.data[0].id as string;
    const redelivered = await api.request("POST", `/v1/events/${eventId}/redeliver`, { token: m.sk });
    expect(redelivered.body.deliveries.filter((d: { manual: boolean }) => d.manual)).toHaveLength(1);
    await worker().tick();
    expect(at("/events-api").filter((r) => r.headers["webhook-id"] === eventId)).toHaveLength(2);
    expect((await api.request("GET", `/v1/events/${eventId}`, { token: merchant.sk })).status).toBe(404);
  });
});

describe("sandbox test (POST /v1/webhook/sandbox)", () => {
  it("sends a signed webhook.sandbox_test from the server; a URL no endpoint has leaves the onboarding step open", async () => {
    const m = await setupMerchant(api);
    const res = await api.request("POST", "/v1/webhook/sandbox", {
      token: m.sk,
      body: { url: `${receiver.url}/sandbox-ok` },
    });
    expect(res.body).toMatchObject({ ok: true, status: 200, error: null, signed_with: "one_time_secret" });
    const [hit] = at("/sandbox-ok");
    const body = verify(res.body.one_time_secret, hit!) as {
      type: string;
      event: string;
      data: { test: boolean; workspace_id: string; message: string; payload_size: number };
    };
    expect(body).toMatchObject({
      type: "webhook.sandbox_test",
      event: "webhook.sandbox_test",
      data: { test: true, workspace_id: m.workspaceId },
    });
    expect(body.data.payload_size).toBeGreaterThan(0);
    const status = await api.request("GET", "/onboarding/status", {
      token: m.token,
      headers: { "x-workspace-id": m.workspaceId },
    });
    // Nothing delivers payment events to an unregistered URL: answering a test does not make it the webhook.
    expect(status.body.onboarding_status.webhook_tested).toBe(false);
  });

  it("reports SPEC.md §8's texts for a non-2xx answer and an unreachable endpoint", async () => {
    behaviour.set("/sandbox-500", () => ({ status: 500, body: "Internal oops" }));
    const failed = await api.request("POST", "/v1/webhook/sandbox", {
      token: merchant.sk,
      body: { url: `${receiver.url}/sandbox-500` },
    });
    expect(failed.body).toMatchObject({
      ok: false,
      status: 500,
      error: "Webhook endpoint returned 500: Internal oops",
    });
    const down = await api.request("POST", "/v1/webhook/sandbox", {
      token: merchant.sk,
      body: { url: "http://127.0.0.1:1/hook" },
    });
    expect(down.body).toMatchObject({
      ok: false,
      status: null,
      error:
        "Network error - could not connect to webhook endpoint. Check the URL and ensure CORS is enabled.",
    });
  });
});
