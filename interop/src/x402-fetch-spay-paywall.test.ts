/**
 * Coinbase's x402 client (`@x402/fetch` 2.27.0 over `@x402/core`'s `x402Client`) with sPay's
 * Stacks scheme (`@spay/sdk/x402/exact-stacks`) paying sPay's Hono paywall on the devnet. The
 * paywall issues a requirement per request (nonce, expiry); the scheme signs the SIP-010 transfer
 * with that nonce as memo, and the paywall's gateway verifies and settles it.
 */
import { decodeX402Header } from "@spay/protocol/x402";
import {
  ExactStacksClientScheme,
  readSignedTransfer,
  registerExactStacksScheme,
} from "@spay/sdk/x402/exact-stacks";
import { x402HTTPClient } from "@x402/core/client";
import type { PaymentPayload } from "@x402/core/types";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaywalledApi, startPaywalledApi } from "./spay-paywall-api.ts";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";

let stack: InteropStack & { hiroCalls: string[] };
let apiUrl: string;
let api: PaywalledApi;

beforeAll(async () => {
  stack = await startInteropStack();
  api = await startPaywalledApi(stack);
  apiUrl = api.url;
});

afterAll(async () => {
  await api?.close();
  await stack?.close();
});

/** An x402Client paying from `privateKey` on the devnet, remembering each payment it made. */
function payingClient(privateKey: string) {
  const payments: PaymentPayload[] = [];
  const client = registerExactStacksScheme(new x402Client(), { privateKey, stacksApiUrl: stack.devnet.url });
  client.onAfterPaymentCreation(async ({ paymentPayload }) => {
    payments.push(paymentPayload);
  });
  return { client, payments, paidFetch: wrapFetchWithPayment(fetch, client) };
}

async function x402IntentsByTxid() {
  return new Map((await stack.x402Payments()).map((i) => [i.txid, i]));
}

describe("@x402/fetch + ExactStacksClientScheme → sPay's Hono paywall", () => {
  it("pays $0.001 in USDC with the requirement's nonce as memo; served once, recorded as an x402 payment", async () => {
    const payer = nextPayer();
    const { paidFetch, payments } = payingClient(payer.privateKey);
    const before = api.served();
    const res = await paidFetch(`${apiUrl}/weather`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sunny: true });
    expect(api.served()).toBe(before + 1);

    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response") ?? "");
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "stacks:2147483648" });
    const [payment] = payments;
    const transfer = readSignedTransfer(payment?.payload.transaction as string);
    expect(transfer.memo).toBe(payment?.accepted.extra.nonce);
    expect(transfer).toMatchObject({
      amount: 1000n,
      payer: payer.address,
      recipient: stack.merchant.wallet.address,
    });
    expect((await x402IntentsByTxid()).get(receipt.transaction)).toMatchObject({
      asset: "usdc",
      amount_asset: "1000",
    });
  });

  it("the same signed payment sent again is refused with duplicate_settlement, not served twice", async () => {
    const payer = nextPayer();
    const { paidFetch, payments, client } = payingClient(payer.privateKey);
    expect((await paidFetch(`${apiUrl}/weather`)).status).toBe(200);
    const before = api.served();
    const replay = await fetch(`${apiUrl}/weather`, {
      headers: new x402HTTPClient(client).encodePaymentSignatureHeader(payments[0] as PaymentPayload),
    });
    expect(replay.status).toBe(402);
    expect(api.served()).toBe(before);
    const required = decodeX402Header(replay.headers.get("payment-required") ?? "") as { error?: string };
    expect(required.error).toBe("duplicate_settlement");
  });

  it("two paid calls at once from one account both go through: the second waits for the first's nonce", async () => {
    const payer = nextPayer();
    const { paidFetch, payments } = payingClient(payer.privateKey);
    const before = api.served();
    const answers = await Promise.all([paidFetch(`${apiUrl}/weather`), paidFetch(`${apiUrl}/weather`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(api.served()).toBe(before + 2);
    const nonces = payments.map((p) => readSignedTransfer(p.payload.transaction as string).nonce);
    expect(nonces[1]).toBe((nonces[0] as bigint) + 1n);
  });

  it("a v1-only @x402 client (sPay's scheme registered for v1 alone) pays a paywall speaking v1, with no extra header", async () => {
    const payer = nextPayer();
    const scheme = new ExactStacksClientScheme({
      privateKey: payer.privateKey,
      stacksApiUrl: stack.devnet.url,
    });
    const client = new x402Client().registerV1("stacks-testnet", scheme);
    const sent: string[] = [];
    client.onAfterPaymentCreation(async ({ paymentPayload }) => {
      sent.push(JSON.stringify(paymentPayload));
    });
    const res = await wrapFetchWithPayment(fetch, client)(`${apiUrl}/weather-v1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sunny: true, version: 1 });
    expect(JSON.parse(sent[0] ?? "{}")).toMatchObject({
      x402Version: 1,
      scheme: "exact",
      network: "stacks-testnet",
    });
    const receipt = decodePaymentResponseHeader(res.headers.get("x-payment-response") ?? "");
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "stacks-testnet" });
    expect((await x402IntentsByTxid()).get(receipt.transaction)).toMatchObject({
      asset: "usdc",
      amount_asset: "1000",
    });

    // The same client meets a paywall answering in both versions with the v2 header, which
    // @x402/core reads before the body: it cannot pay there (the docs say so).
    await expect(wrapFetchWithPayment(fetch, client)(`${apiUrl}/weather`)).rejects.toThrow(
      "No client registered for x402 version: 2",
    );
  });

  it("registerExactStacksScheme registers v1 too: the same @x402/fetch client pays the v1 paywall and the v2 one", async () => {
    const payer = nextPayer();
    const { paidFetch } = payingClient(payer.privateKey);
    const v1 = await paidFetch(`${apiUrl}/weather-v1`);
    expect(v1.status).toBe(200);
    expect(v1.headers.get("x-payment-response")).toBeTruthy();
    const v2 = await paidFetch(`${apiUrl}/weather`);
    expect(v2.status).toBe(200);
    expect(v2.headers.get("payment-response")).toBeTruthy();
  });
});
