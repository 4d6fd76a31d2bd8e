import { INTENT_EVENT_TYPES } from "@spay/protocol";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from "./worker.ts";

let api: TestApi;
let receiver: WebhookReceiver;

beforeAll(async () => {
  api = await startTestApi();
  receiver = await startWebhookReceiver((req) =>
    req.path === "/down" ? { status: 503, body: "maintenance" } : { status: 200, body: "ok" },
  );
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

/** Get Started's webhook step as the dashboard calls it: the session, naming the workspace. */
const webhookStep = (m: Merchant, url: string) =>
  api.request("POST", "/onboarding/webhook", {
    token: m.token,
    headers: { "x-workspace-id": m.workspaceId },
    body: { url },
  });
const onboardingStatus = async (m: Merchant) =>
  (
    await api.request("GET", "/onboarding/status", {
      token: m.token,
      headers: { "x-workspace-id": m.workspaceId },
    })
  ).body.onboarding_status as { webhook_tested: boolean };
const endpointsOf = async (m: Merchant) =>
  (await api.request("GET", "/v1/webhook_endpoints", { token: m.sk })).body.data as {
    id: string;
    url: string;
    env: string;
    status: string;
    enabled_events: string[];
    last_attempt: { succeeded: boolean; test: boolean } | null;
  }[];
const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe("Get Started's webhook step registers the endpoint it tests (POST /onboarding/webhook)", () => {
  it("registers the URL as a sandbox endpoint subscribed to the payment events, shows its secret once, and signs the test with it", async () => {
    const m = await setupMerchant(api);
    const url = `${receiver.url}/shop-a`;
    const res = await webhookStep(m, url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      object: "onboarding_webhook",
      created: true,
      endpoint: { url, env: "test", status: "enabled", last_attempt: { succeeded: true, test: true } },
      test: { ok: true, status: 200, signed_with: "endpoint_secret" },
    });
    expect(res.body.endpoint.enabled_events).toEqual([...INTENT_EVENT_TYPES]);
    expect(res.body.test.one_time_secret).toBeUndefined();
    const secret = res.body.endpoint.secret as string;
    expect(secret).toMatch(/^whsec_/);
    // The receiver verifies the test with the secret the step showed.
    const [hit] = at("/shop-a");
    expect(
      new Webhook(secret).verify(hit!.body, {
        "webhook-id": hit!.headers["webhook-id"]!,
        "webhook-timestamp": hit!.headers["webhook-timestamp"]!,
        "webhook-signature": hit!.headers["webhook-signature"]!,
      }),
    ).toMatchObject({ type: "webhook.sandbox_test" });
    // A real endpoint of the workspace: the secret key of the sandbox sees it; the step is done.
    const listed = await endpointsOf(m);
    expect(listed.map((e) => [e.id, e.url, e.env])).toEqual([[res.body.endpoint.id, url, "test"]]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await onboardingStatus(m)).webhook_tested).toBe(true);

    // A real payment now reaches the URL: the worker delivers the intent's event there.
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: m.sk,
      body: { amount_minor: 100 },
    });
    await new WebhookWorker(api.deps, { ...DEFAULT_WEBHOOK_OPTIONS, intervalMs: 10 }).tick();
    const delivered = at("/shop-a").map(
      (r) => JSON.parse(r.body) as { type: string; data: { object: { id: string } } },
    );
    expect(delivered).toContainEqual(
      expect.objectContaining({
        type: "payment_intent.created",
        data: { object: expect.objectContaining({ id: intent.body.id }) },
      }),
    );
  });

  it("reuses a URL already registered in the sandbox: no second endpoint, no secret shown again, signed with the endpoint's secret", async () => {
    const m = await setupMerchant(api);
    const url = `${receiver.url}/shop-b`;
    const added = await api.request("POST", "/v1/webhook_endpoints", { token: m.sk, body: { url } });
    expect(added.status).toBe(201);
    const first = await webhookStep(m, url);
    expect(first.body).toMatchObject({ created: false, endpoint: { id: added.body.id }, test: { ok: true } });
    expect(first.body.endpoint.secret).toBeUndefined();
    const again = await webhookStep(m, `  ${url}  `);
    expect(again.body).toMatchObject({ created: false, endpoint: { id: added.body.id } });
    expect(await endpointsOf(m)).toHaveLength(1);
    const [, second] = at("/shop-b");
    expect(
      new Webhook(added.body.secret).verify(second!.body, {
        "webhook-id": second!.headers["webhook-id"]!,
        "webhook-timestamp": second!.headers["webhook-timestamp"]!,
        "webhook-signature": second!.headers["webhook-signature"]!,
      }),
    ).toMatchObject({ type: "webhook.sandbox_test" });
  });

  it("a registered endpoint that was disabled is enabled again, since the merchant names it as the webhook", async () => {
    const m = await setupMerchant(api);
    const url = `${receiver.url}/shop-c`;
    const added = await api.request("POST", "/v1/webhook_endpoints", { token: m.sk, body: { url } });
    await api.request("PATCH", `/v1/webhook_endpoints/${added.body.id}`, {
      token: m.sk,
      body: { status: "disabled" },
    });
    const res = await webhookStep(m, url);
    expect(res.body).toMatchObject({ created: false, endpoint: { id: added.body.id, status: "enabled" } });
  });

  it("a failing endpoint stays registered, the failure is in its delivery log, and the step is not done", async () => {
    const m = await setupMerchant(api);
    const res = await webhookStep(m, `${receiver.url}/down`);
    expect(res.body).toMatchObject({
      created: true,
      test: { ok: false, status: 503, error: "Webhook endpoint returned 503: maintenance" },
      endpoint: { last_attempt: { succeeded: false, test: true } },
    });
    expect(res.body.endpoint.secret).toMatch(/^whsec_/);
    expect((await onboardingStatus(m)).webhook_tested).toBe(false);
    const log = await api.request("GET", `/v1/webhook_endpoints/${res.body.endpoint.id}/attempts`, {
      token: m.sk,
    });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        event_type: "webhook.sandbox_test",
        status_code: 503,
        succeeded: false,
        test: true,
      }),
    ]);
    // Sending again to the same URL reuses it.
    expect((await webhookStep(m, `${receiver.url}/down`)).body.created).toBe(false);
    expect(await endpointsOf(m)).toHaveLength(1);
  });

  it("refuses an API key, another user's workspace and a URL the gateway may not reach, registering nothing", async () => {
    const m = await setupMerchant(api);
    const other = await setupMerchant(api);
    const withKey = await api.request("POST", "/onboarding/webhook", {
      token: m.sk,
      headers: { "x-workspace-id": m.workspaceId },
      body: { url: `${receiver.url}/x` },
    });
    expect(withKey.status).toBe(401);
    const foreign = await api.request("POST", "/onboarding/webhook", {
      token: other.token,
      headers: { "x-workspace-id": m.workspaceId },
      body: { url: `${receiver.url}/x` },
    });
    expect(foreign.status).toBe(404);
    expect((await webhookStep(m, "ftp://example.com/hook")).body.error.code).toBe("url_not_allowed");
    expect(await endpointsOf(m)).toEqual([]);
  });
});
