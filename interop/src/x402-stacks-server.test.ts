/**
 * x402-stacks' server middleware (npm `x402-stacks` 2.0.3, Express, unpatched) with sPay as its
 * facilitator: only `facilitatorUrl` points at sPay — the public facilitator URL, which needs no
 * header — and the payments land in the merchant's workspace as x402 intents. Paid by
 * x402-stacks' own client and by sPay's agent.
 */
import { USDC_CONTRACT_ID } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPaymentClient,
  decodePaymentResponse,
  paymentMiddleware,
  privateKeyToAccount,
} from "x402-stacks";
import { type InteropStack, nextPayer, onLoopback, startInteropStack } from "./stack.ts";

let stack: InteropStack & { hiroCalls: string[] };
let api: Awaited<ReturnType<typeof onLoopback>>;
let apiUrl: string;
let served = 0;

/** An Express API selling `/quote` for 1000 USDC units ($0.001) through x402-stacks' middleware. */
function sellerApp(facilitatorUrl: string) {
  const app = express();
  app.get(
    "/quote",
    paymentMiddleware({
      network: "testnet",
      amount: "1000",
      asset: USDC_CONTRACT_ID,
      payTo: stack.merchant.wallet.address,
      facilitatorUrl,
      description: "A quote",
    }),
    (_req, res) => {
      served += 1;
      res.json({ quote: "Stay hungry" });
    },
  );
  return app;
}

beforeAll(async () => {
  stack = await startInteropStack();
  api = await onLoopback(sellerApp(stack.facilitatorUrl).listen(0, "127.0.0.1"));
  apiUrl = api.url;
});

afterAll(async () => {
  await api?.close();
  await stack?.close();
});

describe("x402-stacks server middleware → sPay public facilitator", () => {
  it("settles a payment from x402-stacks' client with no Authorization header, recorded in the merchant's workspace", async () => {
    const payer = nextPayer();
    const client = createPaymentClient(privateKeyToAccount(payer.privateKey, "testnet"), { baseURL: apiUrl });
    let requests = 0;
    client.interceptors.request.use((config) => {
      if (++requests > 2) throw new Error("x402-stacks kept paying: the facilitator refused the payment");
      return config;
    });
    const res = await client.get("/quote");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ quote: "Stay hungry" });
    const receipt = decodePaymentResponse(res.headers["payment-response"]) as {
      transaction: string;
      payer: string;
    };
    expect(receipt).toMatchObject({ success: true, payer: payer.address });
    expect(await stack.x402Payments()).toContainEqual(
      expect.objectContaining({ txid: receipt.transaction, amount_asset: "1000" }),
    );
  });

  it("settles a payment from sPay's agent (memo-less requirement: the agent writes its own)", async () => {
    const payer = nextPayer();
    const paidFetch = wrapFetchWithPayment(fetch, {
      privateKey: payer.privateKey,
      network: "testnet",
      stacksApiUrl: stack.devnet.url,
      maxAmount: { usdc: 10_000n },
    });
    const before = served;
    const res = await paidFetch(`${apiUrl}/quote`);
    expect(res.status).toBe(200);
    expect(served).toBe(before + 1);
    const payment = getPayment(res);
    expect(payment).toMatchObject({ status: "paid", amount: 1000n });
    expect((await stack.x402Payments()).map((i) => i.txid)).toContain(payment?.txid);
  });

  it("an unknown or secret key in the facilitator URL is a 404, and a txid proof is refused without a secret key", async () => {
    for (const key of ["pk_test_unknown", stack.merchant.sk]) {
      const res = await fetch(`${stack.gatewayUrl}/x402/${key}/supported`);
      expect(res.status).toBe(404);
    }
    const settle = await fetch(`${stack.gatewayUrl}/x402/${stack.merchant.pk}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        x402Version: 2,
        paymentPayload: {
          x402Version: 2,
          accepted: { scheme: "exact", network: "stacks:2147483648" },
          payload: { txid: `0x${"ab".repeat(32)}` },
        },
        paymentRequirements: {
          scheme: "exact",
          network: "stacks:2147483648",
          amount: "1000",
          asset: USDC_CONTRACT_ID,
          payTo: stack.merchant.wallet.address,
          maxTimeoutSeconds: 300,
        },
      }),
    });
    expect(await settle.json()).toMatchObject({ success: false, errorReason: "invalid_payload" });
  });
});
