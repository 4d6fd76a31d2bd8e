/**
 * Coinbase's x402 resource server (`@x402/hono` 2.27.0's `paymentMiddleware` over `@x402/core`'s
 * `x402ResourceServer`) selling a route on Stacks with sPay's `ExactStacksServerScheme`, its
 * facilitator sPay's public one (`HTTPFacilitatorClient` at `{gateway}/x402/{pk}`, no header).
 * Paid by `@x402/fetch` with sPay's client scheme, and by sPay's own agent.
 */
import { serve } from "@hono/node-server";
import { USDC_CONTRACT_ID } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment as spayAgentFetch } from "@spay/sdk/x402";
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { x402HTTPClient } from "@x402/core/client";
import { HTTPFacilitatorClient } from "@x402/core/server";
import type { PaymentPayload } from "@x402/core/types";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { paymentMiddleware, x402ResourceServer } from "@x402/hono";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropStack, nextPayer, onLoopback, startInteropStack } from "./stack.ts";

const TESTNET = "stacks:2147483648";
let stack: InteropStack & { hiroCalls: string[] };
let facilitator: HTTPFacilitatorClient;
let apiUrl: string;
let api: Awaited<ReturnType<typeof onLoopback>>;
let served = 0;

beforeAll(async () => {
  stack = await startInteropStack();
  facilitator = new HTTPFacilitatorClient({ url: stack.facilitatorUrl });
  // The devnet stands in for testnet: its USDC is the one the gateway settles there.
  const resourceServer = registerExactStacksScheme(new x402ResourceServer(facilitator), {
    asset: { testnet: USDC_CONTRACT_ID },
  });
  const app = new Hono();
  app.use(
    paymentMiddleware(
      {
        "GET /forecast": {
          accepts: {
            scheme: "exact",
            network: TESTNET,
            price: "$0.001",
            payTo: stack.merchant.wallet.address,
          },
          description: "Tomorrow's forecast",
          mimeType: "application/json",
        },
      },
      resourceServer,
    ),
  );
  app.get("/forecast", (c) => {
    served += 1;
    return c.json({ rain: false });
  });
  api = await onLoopback(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }));
  apiUrl = api.url;
});

afterAll(async () => {
  await api?.close();
  await stack?.close();
});

async function x402Txids(): Promise<string[]> {
  return (await stack.x402Payments()).map((i) => i.txid);
}

describe("@x402/hono + ExactStacksServerScheme → sPay public facilitator", () => {
  it("HTTPFacilitatorClient reads sPay's /supported: exact on the test key's network alone, each version named its own way", async () => {
    const supported = await facilitator.getSupported();
    expect(supported).toEqual({
      kinds: [
        { x402Version: 1, scheme: "exact", network: "stacks-testnet" },
        { x402Version: 2, scheme: "exact", network: TESTNET },
      ],
      extensions: [],
      // sPay signs no settlement (the payer signs, sPay broadcasts): no signer to name.
      signers: {},
    });
  });

  it("answers 402 with a Stacks requirement priced by the scheme: 1000 units of the devnet USDC and its token facts", async () => {
    const res = await fetch(`${apiUrl}/forecast`);
    expect(res.status).toBe(402);
    const required = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse((name) =>
      res.headers.get(name),
    );
    expect(required.accepts).toEqual([
      {
        scheme: "exact",
        network: TESTNET,
        amount: "1000",
        asset: USDC_CONTRACT_ID,
        payTo: stack.merchant.wallet.address,
        maxTimeoutSeconds: 300,
        extra: { decimals: 6, tokenType: "sip10", assetName: "usdc-token", symbol: "USDC" },
      },
    ]);
  });

  it("@x402/fetch + ExactStacksClientScheme pays it; served once, settled by sPay; a replay is refused", async () => {
    const payer = nextPayer();
    const payments: PaymentPayload[] = [];
    const client = registerExactStacksScheme(new x402Client(), {
      privateKey: payer.privateKey,
      stacksApiUrl: stack.devnet.url,
    }).onAfterPaymentCreation(async ({ paymentPayload }) => {
      payments.push(paymentPayload);
    });
    const before = served;
    const res = await wrapFetchWithPayment(fetch, client)(`${apiUrl}/forecast`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rain: false });
    expect(served).toBe(before + 1);
    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response") ?? "");
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: TESTNET });
    expect(await x402Txids()).toContain(receipt.transaction);

    const replay = await fetch(`${apiUrl}/forecast`, {
      headers: new x402HTTPClient(client).encodePaymentSignatureHeader(payments[0] as PaymentPayload),
    });
    expect(replay.status).toBe(402);
    expect(served).toBe(before + 1);
    const refused = new x402HTTPClient(client).getPaymentRequiredResponse((name) => replay.headers.get(name));
    expect(refused.error).toBe("duplicate_settlement");
  });

  it("sPay's own agent pays it (a requirement without a nonce: a memo-less transfer)", async () => {
    const payer = nextPayer();
    const paidFetch = spayAgentFetch(fetch, {
      privateKey: payer.privateKey,
      network: "testnet",
      stacksApiUrl: stack.devnet.url,
      maxAmount: { usdc: 10_000n },
    });
    const before = served;
    const res = await paidFetch(`${apiUrl}/forecast`);
    expect(res.status).toBe(200);
    expect(served).toBe(before + 1);
    const payment = getPayment(res);
    expect(payment).toMatchObject({ status: "paid", amount: 1000n, payer: payer.address });
    expect(await x402Txids()).toContain(payment?.txid);
  });
});
