import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant, startTestServer, type TestServer } from "../core/testing/spay-server.js";
import { SPayServerClient } from "./server-client.js";
import type { WebhookEvent } from "./types.js";
import { verifyWebhook } from "./verify-webhook.js";

/** A merchant's webhook receiver: raw body in, verifyWebhook, 204 or 400. */
interface Receiver {
  url: string;
  verified: WebhookEvent[];
  rejected: string[];
  close(): Promise<void>;
}

async function startReceiver(secret: () => string): Promise<Receiver> {
  const verified: WebhookEvent[] = [];
  const rejected: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        verified.push(verifyWebhook(Buffer.concat(chunks), req.headers, secret()));
        res.writeHead(204).end();
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/spay`,
    verified,
    rejected,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let api: TestServer;
let receiver: Receiver;
let secret = "";

beforeAll(async () => {
  api = await startTestServer({ chain: true, overrides: { webhookIntervalMs: 20 } });
  receiver = await startReceiver(() => secret);
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

describe("webhooks from the real server verify with verifyWebhook", () => {
  it("a payment_intent.canceled delivery is accepted with the endpoint's secret", async () => {
    const merchant = await createMerchant(api.url);
    const spay = new SPayServerClient({ apiKey: merchant.sk, apiUrl: api.url });
    const endpoint = await spay.createWebhookEndpoint({
      url: receiver.url,
      enabled_events: ["payment_intent.canceled"],
    });
    secret = endpoint.secret;
    const intent = await spay.createPaymentIntent({ amount_minor: 700 });
    await spay.cancelPaymentIntent(intent.id);
    await expect.poll(() => receiver.verified.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.rejected).toEqual([]);
    const event = receiver.verified[0]!;
    expect(event.type).toBe("payment_intent.canceled");
    expect(event.data.object.id).toBe(intent.id);
    expect(event.data.object.status).toBe("canceled");
  });
});
