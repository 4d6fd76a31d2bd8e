/**
 * x402-stacks' server middleware (npm `x402-stacks` 2.0.3, Express, unpatched) with sPay as its
 * facilitator: only `facilitatorUrl` points at sPay — the public facilitator URL, which needs no
 * header — and the payments land in the merchant's workspace as x402 intents. Paid by
 * x402-stacks' own client and by sPay's agent.
 */
import { USDC_CONTRACT_ID } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePaymentResponse } from "x402-stacks";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";
import { boundedX402StacksClient, startX402StacksSeller, type X402StacksSeller } from "./x402-stacks-kit.ts";

let stack: InteropStack & { hiroCalls: string[] };
let seller: X402StacksSeller;
let apiUrl: string;

beforeAll(async () => {
  stack = await startInteropStack();
  seller = await startX402StacksSeller(stack, {
    amount: "1000",
    asset: USDC_CONTRACT_ID,
    description: "A quote",
  });
  apiUrl = seller.url;
});

afterAll(async () => {
  await seller?.close();
  await stack?.close();
});

describe("x402-stacks server middleware → sPay public facilitator", () => {
  it("settles a payment from x402-stacks' client with no Authorization header, recorded in the merchant's workspace", async () => {
    const payer = nextPayer();
    const client = boundedX402StacksClient(payer.privateKey, apiUrl);
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
    const before = seller.served();
    const res = await paidFetch(`${apiUrl}/quote`);
    expect(res.status).toBe(200);
    expect(seller.served()).toBe(before + 1);
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
