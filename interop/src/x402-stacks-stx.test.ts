/**
 * x402-stacks' defaults (npm `x402-stacks` 2.0.3, unpatched): its server middleware prices in STX
 * when no asset is set, and its client pays STX with a native token-transfer. sPay settles those
 * as its public facilitator, and sPay's agent pays the same STX route.
 */
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePaymentResponse } from "x402-stacks";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";
import { boundedX402StacksClient, startX402StacksSeller, type X402StacksSeller } from "./x402-stacks-kit.ts";

let stack: InteropStack & { hiroCalls: string[] };
let seller: X402StacksSeller;
let apiUrl: string;

/** 2000 µSTX: x402-stacks' middleware with no `asset`, so STX, its default. */
const PRICE_USTX = "2000";

interface ChainTx {
  tx_type: string;
  tx_status: string;
  token_transfer?: { amount: string; recipient_address: string };
}

async function chainTx(txid: string): Promise<ChainTx> {
  for (let i = 0; i < 100; i++) {
    const tx = (await (await fetch(`${stack.devnet.url}/extended/v1/tx/${txid}`)).json()) as ChainTx;
    if (tx.tx_status !== "pending") return tx;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${txid} still pending`);
}

beforeAll(async () => {
  stack = await startInteropStack();
  seller = await startX402StacksSeller(stack, { amount: PRICE_USTX, description: "A quote, in STX" });
  apiUrl = seller.url;
});

afterAll(async () => {
  await seller?.close();
  await stack?.close();
});

describe("STX, x402-stacks' default asset, settled through sPay", () => {
  it("x402-stacks' middleware asks for STX and its client pays with a native token-transfer that sPay settles", async () => {
    const payer = nextPayer();
    const client = boundedX402StacksClient(payer.privateKey, apiUrl);
    const res = await client.get("/quote");
    expect(res.status).toBe(200);
    const receipt = decodePaymentResponse(res.headers["payment-response"]) as { transaction: string };
    expect(receipt).toMatchObject({ success: true, payer: payer.address });
    const tx = await chainTx(receipt.transaction);
    expect(tx).toMatchObject({ tx_type: "token_transfer", tx_status: "success" });
    expect(tx.token_transfer).toMatchObject({
      amount: PRICE_USTX,
      recipient_address: stack.merchant.wallet.address,
    });
    expect(await stack.x402Payments()).toContainEqual(
      expect.objectContaining({ txid: receipt.transaction, asset: "stx", amount_asset: PRICE_USTX }),
    );
  });

  it("sPay's agent pays the same STX route when STX is among its assets", async () => {
    const payer = nextPayer();
    const paidFetch = wrapFetchWithPayment(fetch, {
      privateKey: payer.privateKey,
      network: "testnet",
      stacksApiUrl: stack.devnet.url,
      maxAmount: { stx: 2000n },
    });
    const res = await paidFetch(`${apiUrl}/quote`);
    expect(res.status).toBe(200);
    const payment = getPayment(res);
    expect(payment).toMatchObject({ status: "paid", amount: 2000n, asset: "STX" });
    expect((await chainTx(payment?.txid ?? "")).tx_type).toBe("token_transfer");
  });
});
