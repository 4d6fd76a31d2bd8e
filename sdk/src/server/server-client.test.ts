import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPayError } from "../core/errors.js";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "../core/testing/spay-server.js";
import { SPayServerClient } from "./server-client.js";

let api: TestServer;
let merchant: TestMerchant;
let spay: SPayServerClient;

beforeAll(async () => {
  api = await startTestServer();
  merchant = await createMerchant(api.url);
  spay = new SPayServerClient({ apiKey: merchant.sk, apiUrl: api.url });
});
afterAll(() => api?.close());

describe("SPayServerClient (secret key) against the real server", () => {
  it("lists payment intents newest first with cursor pagination and a status filter", async () => {
    const a = await spay.createPaymentIntent({ amount_minor: 100 });
    const b = await spay.createPaymentIntent({ amount_minor: 200 });
    const c = await spay.createPaymentIntent({ amount_minor: 300 });
    const first = await spay.listPaymentIntents({ limit: 2 });
    expect(first.object).toBe("list");
    expect(first.data.map((pi) => pi.id)).toEqual([c.id, b.id]);
    expect(first.has_more).toBe(true);
    const next = await spay.listPaymentIntents({ limit: 2, starting_after: b.id });
    expect(next.data[0]?.id).toBe(a.id);
    await spay.cancelPaymentIntent(b.id, "requested_by_customer");
    const canceled = await spay.listPaymentIntents({ status: ["canceled", "expired"] });
    expect(canceled.data.map((pi) => pi.id)).toEqual([b.id]);
  });

  it("cancels an unpaid intent with a reason", async () => {
    const pi = await spay.createPaymentIntent({ amount_minor: 100 });
    const canceled = await spay.cancelPaymentIntent(pi.id, "abandoned");
    expect(canceled.status).toBe("canceled");
    expect(canceled.cancellation_reason).toBe("abandoned");
  });

  it("creates and lists products, each with its payment link", async () => {
    const product = await spay.createProduct({ name: "Sticker pack", price_minor: 499, stock: 10 });
    expect(product).toMatchObject({
      object: "product",
      name: "Sticker pack",
      price: 4.99,
      view_type: "card",
    });
    expect(product.payment_link?.id).toMatch(/^plink_/);
    const list = await spay.listProducts({ limit: 5 });
    expect(list.data.some((p) => p.id === product.id)).toBe(true);
  });

  it("creates a webhook endpoint (its secret shown once) and reads events", async () => {
    const endpoint = await spay.createWebhookEndpoint({
      url: "http://127.0.0.1:9/hooks",
      enabled_events: ["*"],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const events = await spay.listEvents({ type: "payment_intent.created", limit: 3 });
    expect(events.data.length).toBeGreaterThan(0);
    expect(events.data.every((e) => e.type === "payment_intent.created")).toBe(true);
    const one = await spay.retrieveEvent(events.data[0]!.id);
    expect(one.data.object.id).toMatch(/^pi_/);
  });

  it("a publishable key may not list intents: a 403 SPayError", async () => {
    const pk = new SPayServerClient({ apiKey: merchant.pk, apiUrl: api.url });
    const err = await pk.listPaymentIntents().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SPayError);
    expect((err as SPayError).status).toBe(403);
  });
});
