/**
 * x402-stacks' client (npm `x402-stacks` 2.0.3, unpatched) paying sPay's paywall on the devnet.
 * The client signs a SIP-010 transfer whose memo is its own (`x402:…`), echoes the accepted
 * requirement (nonce included) in `payment-signature`, and looks up its fee and account nonce at
 * Hiro's testnet URL, which the harness sends to the devnet.
 */
import { decodeX402Header } from "@spay/protocol/x402";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePaymentResponse } from "x402-stacks";
import { type PaywalledApi, startPaywalledApi } from "./spay-paywall-api.ts";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";
import { boundedX402StacksClient } from "./x402-stacks-kit.ts";

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

describe("x402-stacks client → sPay paywall", () => {
  it("pays $0.001 in USDC with its own memo; sPay finds the requirement by the echoed nonce and serves once", async () => {
    const payer = nextPayer();
    const client = boundedX402StacksClient(payer.privateKey, apiUrl);
    const res = await client.get("/weather");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ sunny: true });
    expect(api.served()).toBe(1);
    const receipt = decodePaymentResponse(res.headers["payment-response"]);
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "stacks:2147483648" });
    const txid = (receipt as { transaction: string }).transaction;
    // The fee and account nonce came from the devnet, asked at Hiro's address.
    expect(stack.hiroCalls.some((c) => c.includes(`/address/${payer.address}/nonces`))).toBe(true);

    const intents = await stack.gateway.request("GET", "/v1/payment_intents?limit=10", {
      token: stack.merchant.sk,
    });
    const intent = intents.body.data.find((i: { txid: string | null }) => i.txid === txid);
    expect(intent).toMatchObject({ payment_method: "x402", asset: "usdc", amount_asset: "1000" });
  });

  it("pays $0.001 in STX (2000 µSTX at $0.50) with a native token-transfer, its own memo, bound by the echoed nonce", async () => {
    const payer = nextPayer();
    const res = await boundedX402StacksClient(payer.privateKey, apiUrl).get("/weather-in-stx");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ sunny: true, paidIn: "STX" });
    const txid = (decodePaymentResponse(res.headers["payment-response"]) as { transaction: string })
      .transaction;
    const intents = await stack.gateway.request("GET", "/v1/payment_intents?limit=10", {
      token: stack.merchant.sk,
    });
    const intent = intents.body.data.find((i: { txid: string | null }) => i.txid === txid);
    expect(intent).toMatchObject({ payment_method: "x402", asset: "stx", amount_asset: "2000" });
  });

  it("the same signed payment sent again is refused, not served twice", async () => {
    const payer = nextPayer();
    const client = boundedX402StacksClient(payer.privateKey, apiUrl);
    const first = await client.get("/weather");
    expect(first.status).toBe(200);
    const before = api.served();
    const signature = first.config.headers["payment-signature"] as string;
    const replay = await fetch(`${apiUrl}/weather`, { headers: { "payment-signature": signature } });
    expect(replay.status).toBe(402);
    expect(api.served()).toBe(before);
    // x402's answer to a refused payment: a 402 whose requirements say why.
    const required = decodeX402Header(replay.headers.get("payment-required") ?? "") as { error?: string };
    expect(required.error).toBe("duplicate_settlement");
  });
});
