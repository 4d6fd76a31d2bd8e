import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPayClient } from "./client.js";
import { SPayError } from "./errors.js";
import { MESSAGES } from "./messages.js";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "./testing/spay-server.js";

let api: TestServer;
let merchant: TestMerchant;
let client: SPayClient;

beforeAll(async () => {
  api = await startTestServer();
  merchant = await createMerchant(api.url);
  client = new SPayClient({ apiKey: merchant.pk, apiUrl: api.url });
});
afterAll(() => api?.close());

describe("SPayClient against the real sPay server", () => {
  it("creates a payment intent with a publishable key, priced at the rate of the moment", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 1999, metadata: { order: "42" } });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.amount_sbtc).toBe("19990"); // ceil(19.99 / 100000 × 1e8)
    expect(intent.recipient).toBe(merchant.payout);
    expect(intent.spay_url).toMatch(/^https?:\/\//);
    expect(intent.metadata).toEqual({ order: "42" });
  });

  it("sends an Idempotency-Key on every create: the same key replays the first intent", async () => {
    const first = await client.createPaymentIntent({ amount_minor: 500 }, { idempotencyKey: "order-7" });
    const again = await client.createPaymentIntent({ amount_minor: 500 }, { idempotencyKey: "order-7" });
    expect(again.id).toBe(first.id);
    const other = await client.createPaymentIntent({ amount_minor: 500 });
    expect(other.id).not.toBe(first.id);
  });

  it("sends a fresh random Idempotency-Key when none is given", async () => {
    const keys: string[] = [];
    const spy = new SPayClient({
      apiKey: merchant.pk,
      apiUrl: api.url,
      fetch: (input, init) => {
        keys.push(new Headers(init?.headers).get("idempotency-key") ?? "");
        return fetch(input, init);
      },
    });
    await spy.createPaymentIntent({ amount_minor: 100 });
    await spy.createPaymentIntent({ amount_minor: 100 });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("retrieves an intent by its client secret and reports a txid with submitTransaction", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 250 });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(new URL(intent.spay_url).searchParams.get("client_secret")).toBe(intent.client_secret);
    const secret = intent.client_secret as string;
    expect((await client.retrievePaymentIntent(secret)).id).toBe(intent.id);
    const txid = `0x${"ab".repeat(32)}`;
    // A txid the chain does not know yet is a hint the server keeps looking at:
    // the intent comes back unchanged until the watcher finds the transfer.
    const submitted = await client.submitTransaction(secret, txid, "wallet");
    expect(submitted).toMatchObject({ id: intent.id, client_secret: secret });
  });

  it("a publishable key reaches an intent only with its client secret: by id alone it is a 404", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 250 });
    const err = (await client.retrievePaymentIntent(intent.id).catch((e: unknown) => e)) as SPayError;
    expect(err).toBeInstanceOf(SPayError);
    expect(err.status).toBe(404);
    const server = new SPayClient({ apiKey: merchant.sk, apiUrl: api.url });
    expect((await server.retrievePaymentIntent(intent.id)).client_secret).toBe(intent.client_secret);
  });

  it("reads a product and its payment link; the link needs no key", async () => {
    const res = await fetch(`${api.url}/v1/products`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Mug", price_minor: 1500, stock: 3, require_email: true }),
    });
    const created = (await res.json()) as { id: string; payment_link: { id: string } };
    const product = await client.getProduct(created.id);
    expect(product).toMatchObject({ name: "Mug", price_minor: 1500, price: 15, require_email: true });
    const keyless = new SPayClient({ apiKey: "", apiUrl: api.url });
    const link = await keyless.getPaymentLink(created.payment_link.id);
    expect(link.product_id).toBe(created.id);
    expect(link.active).toBe(true);
  });

  it("reads the BTC/USD rate without a key", async () => {
    const keyless = new SPayClient({ apiKey: "", apiUrl: api.url });
    expect(await keyless.getExchangeRate()).toMatchObject({ usdPerBtc: 100_000, source: "fixed" });
  });

  it("turns an API error object into an SPayError with code, status, param and request id", async () => {
    const err = await client.createPaymentIntent({ amount_minor: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SPayError);
    const e = err as SPayError;
    expect(e.status).toBe(400);
    expect(e.code).toBeTruthy();
    expect(e.param).toBe("amount_minor");
    expect(e.requestId).toBeTruthy();
    const missing = (await client
      .retrievePaymentIntent("pi_doesnotexist")
      .catch((x: unknown) => x)) as SPayError;
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("resource_missing");
  });

  it("without an error object the message is 'HTTP {status}' (SPEC.md §8 Generic)", async () => {
    const bare = new SPayClient({
      apiKey: "pk_test_x",
      apiUrl: "http://unused.test",
      fetch: async () => new Response("<html>Bad gateway</html>", { status: 502 }),
    });
    const err = (await bare.retrievePaymentIntent("pi_1").catch((e: unknown) => e)) as SPayError;
    expect(err.message).toBe("HTTP 502");
    expect(err.status).toBe(502);
  });

  it("a call that needs a key throws the workspace-key message when none is set", async () => {
    const keyless = new SPayClient({ apiKey: "", apiUrl: api.url });
    const err = (await keyless
      .createPaymentIntent({ amount_minor: 100 })
      .catch((e: unknown) => e)) as SPayError;
    expect(err.message).toBe(MESSAGES.workspaceKeyRequired);
  });

  it("a request that gets no answer is a network_error with status 0", async () => {
    const offline = new SPayClient({ apiKey: merchant.pk, apiUrl: "http://127.0.0.1:9" });
    const err = (await offline.retrievePaymentIntent("pi_1").catch((e: unknown) => e)) as SPayError;
    expect(err.code).toBe("network_error");
    expect(err.status).toBe(0);
  });

  it("an unauthorized key is a 401 SPayError", async () => {
    const wrong = new SPayClient({ apiKey: "pk_test_wrongwrongwrong", apiUrl: api.url });
    const err = (await wrong
      .createPaymentIntent({ amount_minor: 100 })
      .catch((e: unknown) => e)) as SPayError;
    expect(err.status).toBe(401);
  });
});
