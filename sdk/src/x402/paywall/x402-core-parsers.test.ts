import { X402_NETWORKS } from "@spay/protocol/x402";
/**
 * The paywall's 402 answers and receipts as @x402/core's own client reads them: its parsers
 * (`getPaymentRequiredResponse`, `getPaymentSettleResponse`, `decodePaymentResponseHeader`), its
 * `x402Client` choosing and paying an offer, its header names — not sPay's codec. The gateway is a
 * stub behind the paywall's `fetch` option: it issues testnet requirements, accepts any payment
 * that decodes, and answers settle with the CAIP-2 network whatever the payment's version, so the
 * paywall alone must name the network the way each version does.
 */

import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { createPaywall, type PaywallOptions } from "./core.js";
import { PAY_TO, stubRequirements, USDC } from "./stub-requirements.test-support.js";

const RESOURCE = "http://api.example.test/weather";
const TX = "0x".concat("ab".repeat(32));

const gatewayFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === "/v1/x402/requirements") return stubRequirements(init?.body);
  if (url.pathname === "/v1/x402/verify") return Response.json({ isValid: true, payer: "ST3PAYER" });
  if (url.pathname === "/v1/x402/settle")
    return Response.json({
      success: true,
      transaction: TX,
      network: X402_NETWORKS.testnet,
      payer: "ST3PAYER",
    });
  return Response.json({ error: { code: "not_found", message: "no such route" } }, { status: 404 });
};

const paywall = (options: Partial<PaywallOptions> = {}) =>
  createPaywall({
    price: "$0.001",
    description: "Weather now",
    apiKey: "sk_test_parsers",
    gatewayUrl: "http://gateway.invalid",
    fetch: gatewayFetch,
    ...options,
  });
const serve = async () => Response.json({ sunny: true });

/** A Stacks scheme that signs nothing: what @x402/core does around a payment is under test, not the transfer. */
function fakeStacksScheme() {
  const seen: { version: number; requirements: PaymentRequirements }[] = [];
  return {
    seen,
    scheme: {
      scheme: "exact",
      // USDC counts as a USD asset for x402Client's default spend controls, as in sPay's own scheme.
      findDefaultAsset: (asset: string) =>
        asset === USDC ? { asset: USDC, decimals: 6, symbol: "USDC" } : undefined,
      async createPaymentPayload(x402Version: number, requirements: PaymentRequirements) {
        seen.push({ version: x402Version, requirements });
        // v1 payloads leave @x402/core as the scheme returns them, naming scheme and network.
        const payload = { transaction: "00" };
        return x402Version === 1
          ? { x402Version, scheme: requirements.scheme, network: requirements.network, payload }
          : { x402Version, payload };
      },
    },
  };
}

/** Pays like @x402/fetch's `wrapFetchWithPayment` does, with `getHeader` as the client reads the 402. */
async function payWith(
  client: x402Client,
  readHeader: (response: Response, name: string) => string | null = (r, n) => r.headers.get(n),
  core = paywall(),
) {
  const first = await core.handle(new Request(RESOURCE), serve);
  expect(first.status).toBe(402);
  const http = new x402HTTPClient(client);
  const body: unknown = await first.json();
  const required = http.getPaymentRequiredResponse((name) => readHeader(first, name), body);
  const paymentPayload = await client.createPaymentPayload(required);
  const headers = http.encodePaymentSignatureHeader(paymentPayload);
  const paid = await core.handle(new Request(RESOURCE, { headers }), serve);
  return { first, required, headers, paid, http };
}

describe("the paywall's 402 through @x402/core's parsers", () => {
  it("the unpaid 402 serves both versions: v2 in PAYMENT-REQUIRED, v1's body, SPEC.md's requirements alongside", async () => {
    const res = await paywall().handle(new Request(RESOURCE), serve);
    expect(res.status).toBe(402);
    const v2 = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") ?? "");
    expect(v2).toMatchObject({
      x402Version: 2,
      resource: { url: RESOURCE },
      accepts: [
        { scheme: "exact", network: "stacks:2147483648", amount: "1000", asset: USDC, payTo: PAY_TO },
      ],
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      x402Version: 1,
      error: expect.any(String),
      accepts: [
        {
          scheme: "exact",
          network: "stacks-testnet",
          maxAmountRequired: "1000",
          resource: RESOURCE,
          asset: USDC,
          payTo: PAY_TO,
        },
      ],
      x402_requirements: { schemes: [expect.objectContaining({ amount: "1000", recipient: PAY_TO })] },
    });
    // A client reading the body alone (x402 v1's own clients) gets v1 from @x402/core's parser.
    const fromBody = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse(() => null, body);
    expect(fromBody.x402Version).toBe(1);
  });

  it("a v2 @x402 client pays with PAYMENT-SIGNATURE and reads a CAIP-2 PAYMENT-RESPONSE", async () => {
    const fake = fakeStacksScheme();
    const client = new x402Client().register("stacks:*", fake.scheme);
    const { required, headers, paid, http } = await payWith(client);
    expect(required.x402Version).toBe(2);
    expect(Object.keys(headers)).toEqual(["PAYMENT-SIGNATURE"]);
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    const receipt = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE") ?? "");
    expect(receipt).toMatchObject({ success: true, transaction: TX, network: "stacks:2147483648" });
    expect(http.getPaymentSettleResponse((name) => paid.headers.get(name)).network).toBe("stacks:2147483648");
  });

  it("a v1 client (reading the body, no extra header) pays with X-PAYMENT and reads a v1-named X-PAYMENT-RESPONSE", async () => {
    const fake = fakeStacksScheme();
    const client = new x402Client().registerV1("stacks-testnet", fake.scheme);
    // x402 v1's clients never look for PAYMENT-REQUIRED: they read the 402's JSON body.
    const { required, headers, paid } = await payWith(client, (res, name) =>
      name.toUpperCase() === "PAYMENT-REQUIRED" ? null : res.headers.get(name),
    );
    expect(required.x402Version).toBe(1);
    expect(fake.seen[0]?.requirements.network).toBe("stacks-testnet");
    expect(Object.keys(headers)).toEqual(["X-PAYMENT"]);
    expect(paid.status).toBe(200);
    expect(paid.headers.get("PAYMENT-RESPONSE")).toBeNull();
    const receipt = decodePaymentResponseHeader(paid.headers.get("X-PAYMENT-RESPONSE") ?? "");
    // The network by word, as the v1 requirements it paid named it — not the gateway's CAIP-2.
    expect(receipt).toMatchObject({ success: true, transaction: TX, network: "stacks-testnet" });
  });

  it("an @x402 client with only v1 registered reads the v2 header first; X-402-Version: 1 gets it v1 alone", async () => {
    const fake = fakeStacksScheme();
    const client = new x402Client().registerV1("stacks-testnet", fake.scheme);
    // @x402/core prefers PAYMENT-REQUIRED over the body, so no answer can serve both to this client.
    await expect(payWith(client)).rejects.toThrow("No client registered for x402 version: 2");

    const core = paywall();
    const first = await core.handle(new Request(RESOURCE, { headers: { "X-402-Version": "1" } }), serve);
    expect(first.headers.get("PAYMENT-REQUIRED")).toBeNull();
    const http = new x402HTTPClient(client);
    const required = http.getPaymentRequiredResponse((name) => first.headers.get(name), await first.json());
    const headers = http.encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const paid = await core.handle(new Request(RESOURCE, { headers }), serve);
    expect(paid.status).toBe(200);
    expect(http.getPaymentSettleResponse((name) => paid.headers.get(name))).toMatchObject({
      success: true,
      network: "stacks-testnet",
    });
  });

  it("a paywall speaking v1 only (x402Versions: [1]) is paid by an @x402 client with only v1 registered, no extra header", async () => {
    const fake = fakeStacksScheme();
    const client = new x402Client().registerV1("stacks-testnet", fake.scheme);
    const { first, required, headers, paid, http } = await payWith(
      client,
      undefined,
      paywall({ x402Versions: [1] }),
    );
    expect(first.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(required.x402Version).toBe(1);
    expect(Object.keys(headers)).toEqual(["X-PAYMENT"]);
    expect(paid.status).toBe(200);
    expect(http.getPaymentSettleResponse((name) => paid.headers.get(name))).toMatchObject({
      success: true,
      network: "stacks-testnet",
    });
  });

  it("a paywall speaking v2 only (x402Versions: [2]) answers with the v2 header and a v2 body, no v1 body", async () => {
    const res = await paywall({ x402Versions: [2] }).handle(new Request(RESOURCE), serve);
    expect(decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") ?? "").x402Version).toBe(2);
    expect(((await res.json()) as { x402Version: number }).x402Version).toBe(2);
  });

  it("x402Versions must name 1, 2 or both: anything else fails when the paywall is made", () => {
    expect(() => paywall({ x402Versions: [] })).toThrow("x402Versions must list 1, 2 or both");
    expect(() => paywall({ x402Versions: [3 as 1] })).toThrow("x402Versions must list 1, 2 or both");
  });
});
