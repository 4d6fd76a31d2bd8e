import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver.ts";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from "../services/webhooks/worker.ts";

let api: TestApi;
let merchant: Merchant;
let receiver: WebhookReceiver;
let endpointId = "";
let intentId = "";

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  receiver = await startWebhookReceiver((req) =>
    req.path === "/down" ? { status: 500, body: "boom" } : { status: 200, body: "thanks" },
  );
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: merchant.sk,
    body: { url: `${receiver.url}/hooks` },
  });
  endpointId = endpoint.body.id;
  const intent = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 700 },
  });
  intentId = intent.body.id;
  await new WebhookWorker(api.deps, { ...DEFAULT_WEBHOOK_OPTIONS, intervalMs: 10 }).tick();
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

describe("a payment's webhook deliveries", () => {
  it("lists the events the intent emitted with each delivery and attempt", async () => {
    const res = await api.request("GET", `/v1/payment_intents/${intentId}/webhook_deliveries`, {
      token: merchant.sk,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [event] = res.body.data;
    expect(event).toMatchObject({ type: "payment_intent.created", data: { object: { id: intentId } } });
    expect(event.deliveries[0]).toMatchObject({ endpoint_id: endpointId, state: "succeeded" });
    expect(event.attempts[0]).toMatchObject({
      status_code: 200,
      succeeded: true,
      response_excerpt: "thanks",
    });
  });

  it("an unknown intent is 404; a publishable key is 403", async () => {
    const missing = await api.request("GET", "/v1/payment_intents/pi_nope/webhook_deliveries", {
      token: merchant.sk,
    });
    expect(missing.status).toBe(404);
    const pk = await api.request("GET", `/v1/payment_intents/${intentId}/webhook_deliveries`, {
      token: merchant.pk,
    });
    expect(pk.status).toBe(403);
  });
});

describe("an endpoint's delivery log", () => {
  it("shows the latest attempts with the event type, status and response, newest first", async () => {
    await api.request("POST", "/v1/payment_intents", { token: merchant.sk, body: { amount_minor: 800 } });
    await new WebhookWorker(api.deps, { ...DEFAULT_WEBHOOK_OPTIONS, intervalMs: 10 }).tick();
    const res = await api.request("GET", `/v1/webhook_endpoints/${endpointId}/attempts?limit=1`, {
      token: merchant.sk,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.has_more).toBe(true);
    expect(res.body.data[0]).toMatchObject({
      event_type: "payment_intent.created",
      status_code: 200,
      succeeded: true,
    });
    const all = await api.request("GET", `/v1/webhook_endpoints/${endpointId}/attempts`, {
      token: merchant.sk,
    });
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data[0].attempted_at).toBeGreaterThanOrEqual(all.body.data[1].attempted_at);
  });

  it("an unknown endpoint is 404", async () => {
    const res = await api.request("GET", "/v1/webhook_endpoints/we_nope/attempts", { token: merchant.sk });
    expect(res.status).toBe(404);
  });
});
