import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMerchantAccount,
  gatewayCall,
  type MerchantAccount,
  type RunningGateway,
  startGateway,
} from "../../../test/gateway.ts";
import { startTestApi, type TestApi } from "../../../test/harness.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";

/**
 * The webhook worker as the server runs it, with a safety poll far longer than any wait here: a new
 * event reaches the receiver at once only because its notification wakes the worker, and a retry
 * arrives at its scheduled time only because the worker sleeps until the next due delivery.
 */
describe("webhook worker at rest: woken by events and by its next retry, not by polling", () => {
  let api: TestApi;
  let gateway: RunningGateway;
  let merchant: MerchantAccount;
  let receiver: WebhookReceiver;
  const failedOnce = new Set<string>();

  beforeAll(async () => {
    // On PostgreSQL the gateway gets a private database (the harness makes one); on PGlite its own folder.
    api = await startTestApi();
    receiver = await startWebhookReceiver((req) => {
      const id = String(req.headers["webhook-id"]);
      if (req.path === "/flaky" && !failedOnce.has(id)) {
        failedOnce.add(id);
        return { status: 500, body: "try later" };
      }
      return { status: 200, body: "ok" };
    });
    gateway = await startGateway({
      webhookIntervalMs: 600_000,
      ...(api.databaseUrl ? { databaseUrl: api.databaseUrl } : {}),
    });
    merchant = await createMerchantAccount(gateway.url);
  });
  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
    await api?.close();
  });

  const createIntent = () =>
    gatewayCall(gateway.url, "POST", "/v1/payment_intents", { amount_minor: 700 }, merchant.sk);
  const arrived = (path: string, intentId: string) =>
    receiver.received.filter((r) => r.path === path && r.body.includes(intentId));

  async function waitFor(check: () => boolean, ms: number): Promise<number> {
    const started = performance.now();
    while (!check()) {
      if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return performance.now() - started;
  }

  it("delivers a new event within a second, though the worker's safety poll is 10 minutes", async () => {
    await gatewayCall(
      gateway.url,
      "POST",
      "/v1/webhook_endpoints",
      { url: `${receiver.url}/now` },
      merchant.sk,
    );
    // The worker's first pass is long done: from here only a wake-up delivers.
    await new Promise((r) => setTimeout(r, 500));
    const intent = await createIntent();
    await waitFor(() => arrived("/now", intent.id).length > 0, 1_000);
  });

  it("sends a resend within a second: the resend wakes the sleeping worker", async () => {
    const intent = await createIntent();
    await waitFor(() => arrived("/now", intent.id).length === 1, 1_000);
    const events = await gatewayCall(gateway.url, "GET", "/v1/events?limit=20", undefined, merchant.sk);
    const event = (events.data as { id: string; data: { object: { id: string } } }[]).find(
      (e) => e.data.object.id === intent.id,
    );
    if (!event) throw new Error("no event for the intent");
    await new Promise((r) => setTimeout(r, 300)); // the worker is asleep again
    await gatewayCall(gateway.url, "POST", `/v1/events/${event.id}/redeliver`, {}, merchant.sk);
    await waitFor(() => arrived("/now", intent.id).length >= 2, 1_000);
  });

  it("retries a failed delivery at its scheduled time (about 5 s), sleeping until then", async () => {
    await gatewayCall(
      gateway.url,
      "POST",
      "/v1/webhook_endpoints",
      { url: `${receiver.url}/flaky` },
      merchant.sk,
    );
    const intent = await createIntent();
    await waitFor(() => arrived("/flaky", intent.id).length === 1, 1_000);
    const retriedAfter = await waitFor(() => arrived("/flaky", intent.id).length === 2, 8_000);
    // RETRY_DELAYS_SECONDS[0] = 5 s ± 10 %, on whole seconds.
    expect(retriedAfter).toBeGreaterThan(3_000);
  }, 20_000);
});
