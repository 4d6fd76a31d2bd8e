import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";

let api: TestApi;
let receiver: WebhookReceiver;

beforeAll(async () => {
  api = await startTestApi();
  receiver = await startWebhookReceiver((req) =>
    req.path === "/teapot" ? { status: 418, body: "short and stout" } : { status: 200, body: "got it" },
  );
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

async function addEndpoint(m: Merchant, path: string) {
  const res = await api.request("POST", "/v1/webhook_endpoints", {
    token: m.sk,
    body: { url: `${receiver.url}${path}` },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string };
}
const deliveryLog = async (m: Merchant, endpointId: string) =>
  (await api.request("GET", `/v1/webhook_endpoints/${endpointId}/attempts`, { token: m.sk })).body
    .data as Record<string, unknown>[];
/** "Test Sandbox Webhook" as Integrations sends it: the session, naming the workspace. */
const testFromDashboard = (m: Merchant, url: string) =>
  api.request("POST", "/v1/webhook/sandbox", {
    token: m.token,
    headers: { "x-workspace-id": m.workspaceId },
    body: { url, demo_mode: false },
  });

describe("a sandbox test of a registered endpoint is in its delivery log (POST /v1/webhook/sandbox)", () => {
  it("a successful test is logged like any delivery, marked as a test, and is the endpoint's last attempt", async () => {
    const m = await setupMerchant(api);
    const endpoint = await addEndpoint(m, "/store");
    expect(await deliveryLog(m, endpoint.id)).toEqual([]);
    const res = await testFromDashboard(m, endpoint.url);
    expect(res.body).toMatchObject({ ok: true, status: 200, signed_with: "endpoint_secret" });
    expect(await deliveryLog(m, endpoint.id)).toEqual([
      expect.objectContaining({
        event_id: res.body.event_id,
        event_type: "webhook.sandbox_test",
        test: true,
        attempt: 1,
        status_code: 200,
        succeeded: true,
        response_excerpt: "got it",
      }),
    ]);
    const listed = await api.request("GET", `/v1/webhook_endpoints/${endpoint.id}`, { token: m.sk });
    expect(listed.body.last_attempt).toMatchObject({ status_code: 200, succeeded: true, test: true });
    // The event shows the delivery too, finished: the worker never sends a test again by itself.
    const event = await api.request("GET", `/v1/events/${res.body.event_id}`, { token: m.sk });
    expect(event.body.deliveries).toEqual([
      expect.objectContaining({ endpoint_id: endpoint.id, state: "succeeded", manual: true }),
    ]);
  });

  it("a failed test is logged as failed with the endpoint's answer", async () => {
    const m = await setupMerchant(api);
    const endpoint = await addEndpoint(m, "/teapot");
    const res = await api.request("POST", "/v1/webhook/sandbox", {
      token: m.sk,
      body: { url: endpoint.url },
    });
    expect(res.body).toMatchObject({ ok: false, status: 418 });
    expect(await deliveryLog(m, endpoint.id)).toEqual([
      expect.objectContaining({
        event_type: "webhook.sandbox_test",
        test: true,
        status_code: 418,
        succeeded: false,
        response_excerpt: "short and stout",
      }),
    ]);
  });

  it("a URL no endpoint has is sent with a one-time secret, logged nowhere, and does not mark the webhook tested", async () => {
    const m = await setupMerchant(api);
    const endpoint = await addEndpoint(m, "/registered");
    const res = await testFromDashboard(m, `${receiver.url}/elsewhere`);
    expect(res.body).toMatchObject({ ok: true, signed_with: "one_time_secret" });
    expect(await deliveryLog(m, endpoint.id)).toEqual([]);
    const status = await api.request("GET", "/onboarding/status", {
      token: m.token,
      headers: { "x-workspace-id": m.workspaceId },
    });
    expect(status.body.onboarding_status.webhook_tested).toBe(false);
    expect((await testFromDashboard(m, endpoint.url)).body.ok).toBe(true);
    const after = await api.request("GET", "/onboarding/status", {
      token: m.token,
      headers: { "x-workspace-id": m.workspaceId },
    });
    expect(after.body.onboarding_status.webhook_tested).toBe(true);
  });

  it("another workspace's endpoint at the same URL neither signs nor logs the test", async () => {
    const m = await setupMerchant(api);
    const other = await setupMerchant(api);
    const theirs = await addEndpoint(other, "/shared");
    const res = await testFromDashboard(m, theirs.url);
    expect(res.body).toMatchObject({ ok: true, signed_with: "one_time_secret" });
    expect(await deliveryLog(other, theirs.id)).toEqual([]);
  });
});
