/**
 * The x402 ecosystem's extension helpers (`@x402/extensions` 2.27.0) read what sPay's paywall
 * writes, and write what it reads: Coinbase's client (`@x402/fetch` with sPay's Stacks scheme)
 * attaches a payment identifier with `appendPaymentIdentifierToExtensions` and retries with it;
 * `validatePaymentIdentifier`, the Bazaar's `validateAndExtract` and offer-receipt's JWS
 * verification (jose, the kid's did:jwk) accept sPay's 402 and receipt.
 */
import { serve } from "@hono/node-server";
import { stacksReceiptSigner, verifyReceipt } from "@spay/sdk/x402";
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { paywall, x402Discovery } from "@spay/sdk/x402/hono";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { type DiscoveryExtension, validateAndExtract } from "@x402/extensions/bazaar";
import {
  decodeSignedOffers,
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  findAcceptsObjectFromSignedOffer,
  verifyOfferSignatureJWS,
  verifyReceiptSignatureJWS,
} from "@x402/extensions/offer-receipt";
import {
  appendPaymentIdentifierToExtensions,
  extractPaymentIdentifier,
  generatePaymentId,
  isPaymentIdentifierRequired,
  validatePaymentIdentifier,
} from "@x402/extensions/payment-identifier";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropStack, nextPayer, onLoopback, startInteropStack } from "./stack.ts";

let stack: InteropStack & { hiroCalls: string[] };
let api: Awaited<ReturnType<typeof onLoopback>>;
let served = 0;
/** The merchant's signing key (any secp256k1 key; here a fixed test key). */
const merchantKey = "b244296d5907de9864c0b0d51f98a78c11a6d8b5fd8d5ba5b2c6c6c1e3b1a2f101";

beforeAll(async () => {
  stack = await startInteropStack();
  const app = new Hono();
  const weather = paywall({
    price: "$0.001",
    description: "Weather now",
    apiKey: stack.merchant.sk,
    gatewayUrl: stack.gatewayUrl,
    signing: { privateKey: merchantKey, includeTransaction: true },
    discovery: {
      path: "/weather",
      input: { city: "Lisbon" },
      inputSchema: { properties: { city: { type: "string" } } },
      output: { example: { sunny: true } },
    },
  });
  app.get("/weather", weather, (c) => {
    served += 1;
    return c.json({ sunny: true, at: Date.now() });
  });
  app.get("/.well-known/x402", x402Discovery([weather]));
  api = await onLoopback(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }));
});

afterAll(async () => {
  await api?.close();
  await stack?.close();
});

async function challenge(): Promise<PaymentRequired> {
  const res = await fetch(`${api.url}/weather`);
  expect(res.status).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

describe("@x402/extensions reading sPay's 402", () => {
  it("payment-identifier: a valid declaration, not required", async () => {
    const required = await challenge();
    const declared = required.extensions?.["payment-identifier"];
    expect(validatePaymentIdentifier(declared)).toEqual({ valid: true });
    expect(isPaymentIdentifierRequired(declared)).toBe(false);
  });

  it("bazaar: the extension validates against its own schema and says how to call the route", async () => {
    const required = await challenge();
    const result = validateAndExtract(required.extensions?.bazaar as DiscoveryExtension);
    expect(result.valid).toBe(true);
    expect(result.info).toMatchObject({
      input: { type: "http", method: "GET", queryParams: { city: "Lisbon" } },
      output: { type: "json", example: { sunny: true } },
    });
  });

  it("offer-receipt: the signed offers decode, match their accepts entry, and verify with jose via the kid", async () => {
    const required = await challenge();
    const offers = extractOffersFromPaymentRequired(required);
    expect(offers).toHaveLength(1);
    const [decoded] = decodeSignedOffers(offers);
    expect(findAcceptsObjectFromSignedOffer(decoded!, required.accepts)).toBe(required.accepts[0]);
    const payload = await verifyOfferSignatureJWS(offers[0] as Parameters<typeof verifyOfferSignatureJWS>[0]);
    expect(payload).toMatchObject({ version: 1, resourceUrl: `${api.url}/weather`, amount: "1000" });
  });
});

describe("Coinbase's client with a payment identifier, paying sPay's paywall", () => {
  it("pays once; the retry with the same id gets the same answer and is not charged; the receipt verifies both ways", async () => {
    const payments: PaymentPayload[] = [];
    const paymentId = generatePaymentId();
    const client = registerExactStacksScheme(new x402Client(), {
      privateKey: nextPayer().privateKey,
      stacksApiUrl: stack.devnet.url,
    });
    client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      paymentRequired.extensions ??= {};
      appendPaymentIdentifierToExtensions(paymentRequired.extensions, paymentId);
    });
    client.onAfterPaymentCreation(async ({ paymentPayload }) => {
      payments.push(paymentPayload);
    });
    const paidFetch = wrapFetchWithPayment(fetch, client);
    const before = served;
    const first = await paidFetch(`${api.url}/weather`);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const again = await paidFetch(`${api.url}/weather`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);
    expect(served).toBe(before + 1);
    expect(payments.map((p) => extractPaymentIdentifier(p))).toEqual([paymentId, paymentId]);
    expect(await stack.x402Payments()).toHaveLength(1);

    const receipt = extractReceiptFromResponse(first);
    expect(receipt?.format).toBe("jws");
    const payload = await verifyReceiptSignatureJWS(
      receipt as Parameters<typeof verifyReceiptSignatureJWS>[0],
    );
    expect(payload).toMatchObject({
      version: 1,
      resourceUrl: `${api.url}/weather`,
      network: "stacks:2147483648",
    });
    const ours = await verifyReceipt(receipt as Parameters<typeof verifyReceipt>[0], {
      signer: stacksReceiptSigner(merchantKey).publicKey,
    });
    expect(ours.valid).toBe(true);
  });
});

describe("/.well-known/x402", () => {
  it("lists the paid route with its accepts, input and output", async () => {
    const manifest = (await (await fetch(`${api.url}/.well-known/x402`)).json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(manifest.items).toEqual([
      expect.objectContaining({
        resource: { url: `${api.url}/weather`, description: "Weather now", mimeType: "application/json" },
        type: "http",
        input: { method: "GET", queryParams: { city: "Lisbon" } },
      }),
    ]);
  });
});
