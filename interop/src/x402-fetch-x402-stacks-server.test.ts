/**
 * Coinbase's x402 client (`@x402/fetch` 2.27.0) with sPay's Stacks scheme paying x402-stacks'
 * server middleware (npm `x402-stacks` 2.0.3, Express, unpatched), which settles through sPay's
 * public facilitator. x402-stacks' requirement is the same for every request and carries no
 * `extra`: the scheme signs a memo-less transfer, its token facts from sPay's token list, and the
 * payment is single-use by its txid.
 */
import { USDC_CONTRACT_ID } from "@spay/devnet";
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { x402HTTPClient } from "@x402/core/client";
import type { PaymentPayload } from "@x402/core/types";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";
import { startX402StacksSeller, type X402StacksSeller } from "./x402-stacks-kit.ts";

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

async function x402Txids(): Promise<string[]> {
  return (await stack.x402Payments()).map((i) => i.txid);
}

describe("@x402/fetch + ExactStacksClientScheme → x402-stacks middleware → sPay public facilitator", () => {
  it("pays 1000 units of USDC; the middleware serves once and the payment lands in the merchant's workspace", async () => {
    const payer = nextPayer();
    const payments: PaymentPayload[] = [];
    const client = registerExactStacksScheme(new x402Client(), {
      privateKey: payer.privateKey,
      stacksApiUrl: stack.devnet.url,
    }).onAfterPaymentCreation(async ({ paymentPayload }) => {
      payments.push(paymentPayload);
    });
    const paidFetch = wrapFetchWithPayment(fetch, client);
    const before = seller.served();
    const res = await paidFetch(`${apiUrl}/quote`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ quote: "Stay hungry" });
    expect(seller.served()).toBe(before + 1);
    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response") ?? "");
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "stacks:2147483648" });
    expect(await x402Txids()).toContain(receipt.transaction);

    // The same payment again: sPay's facilitator has settled that txid, x402-stacks answers 402.
    const replay = await fetch(`${apiUrl}/quote`, {
      headers: new x402HTTPClient(client).encodePaymentSignatureHeader(payments[0] as PaymentPayload),
    });
    expect(replay.status).toBe(402);
    expect(seller.served()).toBe(before + 1);
    expect(await replay.json()).toMatchObject({ error: "duplicate_settlement" });
  });
});
