import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { waitFor } from "../../test/server-process.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver.ts";
import { listen } from "./listen.ts";

let api: TestApi;
let served: { url: string; close(): Promise<void> };
let merchant: Merchant;
let receiver: WebhookReceiver;

beforeAll(async () => {
  api = await startTestApi();
  served = await api.listen();
  merchant = await setupMerchant(api);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await served?.close();
  await api?.close();
});

describe("spay listen", () => {
  it("streams the workspace's events and forwards each, signed with the printed secret, one line per event", async () => {
    const lines: string[] = [];
    const listener = listen({
      apiUrl: served.url,
      apiKey: merchant.sk,
      forwardTo: `${receiver.url}/local`,
      onLine: (l) => lines.push(l),
    });
    try {
      await listener.ready;
      const intent = await api.request("POST", "/v1/payment_intents", {
        token: merchant.sk,
        body: { amount_minor: 700 },
      });
      await api.request("POST", `/v1/payment_intents/${intent.body.id}/cancel`, { token: merchant.sk });
      await waitFor(() => receiver.received.length >= 2, 10_000, "two forwarded events");
      const types = receiver.received.map((r) => {
        const payload = new Webhook(listener.secret).verify(r.body, {
          "webhook-id": r.headers["webhook-id"]!,
          "webhook-timestamp": r.headers["webhook-timestamp"]!,
          "webhook-signature": r.headers["webhook-signature"]!,
        }) as { type: string; data: { object: { id: string } } };
        expect(payload.data.object.id).toBe(intent.body.id);
        return payload.type;
      });
      expect(types).toEqual(["payment_intent.created", "payment_intent.canceled"]);
      await waitFor(() => lines.length >= 2, 5_000, "two printed lines");
      expect(lines[0]).toMatch(/payment_intent\.created\s+evt_\w+\s+\[200\]/);
    } finally {
      listener.stop();
    }
  });

  it("a publishable key cannot stream events", async () => {
    const res = await fetch(`${served.url}/v1/events/stream`, {
      headers: { authorization: `Bearer ${merchant.pk}` },
    });
    expect(res.status).toBe(403);
  });
});
