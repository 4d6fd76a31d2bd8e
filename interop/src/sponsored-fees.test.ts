/**
 * Sponsored fees end to end, non-custodially: the merchant's paywall holds the sponsor key and
 * names it as `extra.feePayer`; sPay's agent signs a sponsored transfer with fee 0; the paywall
 * co-signs as sponsor; the gateway verifies both signatures and settles on the devnet, where the
 * fee comes out of the sponsor's STX. The same call unsponsored shows what the payer saves.
 * Coinbase's `@x402/fetch` with sPay's Stacks scheme gets the same: it signs sponsored when the
 * requirement names a `feePayer`, as sPay's agent does.
 */
import { ACCOUNTS, USDC_CONTRACT_ID } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { paywall } from "@spay/sdk/x402/hono";
import { decodePaymentResponseHeader, x402Client, wrapFetchWithPayment as x402Fetch } from "@x402/fetch";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropStack, nextPayer, startInteropStack } from "./stack.ts";

let stack: InteropStack;
let app: Hono;
/** The merchant's sponsor: an account no payer here uses (payers are wallet_2 … wallet_8). */
const sponsorAccount = ACCOUNTS.find((a) => a.name === "wallet_1") as (typeof ACCOUNTS)[number];
const sponsorKey = sponsorAccount.privateKey;
const SPONSOR = sponsorAccount.address;

beforeAll(async () => {
  stack = await startInteropStack();
  const sell = (sponsored: boolean) =>
    paywall({
      price: "$0.001",
      asset: "usdc",
      apiKey: stack.merchant.sk,
      gatewayUrl: stack.gatewayUrl,
      ...(sponsored ? { sponsor: { privateKey: sponsorKey, stacksApiUrl: stack.devnet.url } } : {}),
    });
  app = new Hono();
  app.get("/unsponsored", sell(false), (c) => c.json({ answer: 42 }));
  app.get("/sponsored", sell(true), (c) => c.json({ answer: 42 }));
});
afterAll(async () => {
  await stack?.close();
});

interface Holdings {
  stx: bigint;
  usdc: bigint;
}

async function holdings(address: string): Promise<Holdings> {
  const { stx, tokens } = await stack.devnet.chain.balances(address);
  const usdc = [...tokens].find(([token]) => token.contractId === USDC_CONTRACT_ID)?.[1] ?? 0n;
  return { stx, usdc };
}

type Payer = (typeof ACCOUNTS)[number];
/** A paying client: makes one paid call and answers the response and the txid that settled it. */
type PayingClient = (payer: Payer, url: string) => Promise<{ res: Response; txid: string }>;

/** sPay's agent (`@spay/sdk/x402`). */
const spayAgent: PayingClient = async (payer, url) => {
  const paidFetch = wrapFetchWithPayment((request) => app.fetch(request), {
    privateKey: payer.privateKey,
    network: "testnet",
    maxAmount: { usdc: 1000n },
    stacksApiUrl: stack.devnet.url,
  });
  const res = await paidFetch(url);
  const payment = getPayment(res);
  expect(payment?.status).toBe("paid");
  return { res, txid: payment?.txid as string };
};

/** Coinbase's `@x402/fetch` with sPay's Stacks scheme registered (fee: the Stacks API's estimate). */
const x402FetchWithSpayScheme: PayingClient = async (payer, url) => {
  const client = registerExactStacksScheme(new x402Client(), {
    privateKey: payer.privateKey,
    stacksApiUrl: stack.devnet.url,
  });
  const paidFetch = x402Fetch(async (input, init) => app.fetch(new Request(input, init)), client);
  const res = await paidFetch(url);
  const receipt = decodePaymentResponseHeader(res.headers.get("payment-response") ?? "");
  expect(receipt.success).toBe(true);
  return { res, txid: receipt.transaction };
};

/** One paid $0.001 call by `payer`, mined; what it cost the payer and the sponsor. */
async function paidCall(payer: Payer, path: string, pay: PayingClient = spayAgent) {
  const [payerBefore, sponsorBefore] = await Promise.all([holdings(payer.address), holdings(SPONSOR)]);
  const { res, txid } = await pay(payer, `http://api.example.test${path}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ answer: 42 });
  await stack.devnet.waitForTx(txid);
  const tx = (await (await fetch(`${stack.devnet.url}/extended/v1/tx/${txid}`)).json()) as {
    tx_status: string;
    sponsored: boolean;
    sponsor_address?: string;
    fee_rate: string;
  };
  expect(tx.tx_status).toBe("success");
  const [payerAfter, sponsorAfter] = await Promise.all([holdings(payer.address), holdings(SPONSOR)]);
  return {
    tx,
    payerStx: payerBefore.stx - payerAfter.stx,
    payerUsdc: payerBefore.usdc - payerAfter.usdc,
    sponsorStx: sponsorBefore.stx - sponsorAfter.stx,
  };
}

describe("sponsored fees: sPay's agent pays a sponsoring paywall", () => {
  it("the payer pays $0.001 and no STX; the merchant's sponsor pays the fee", async () => {
    const payer = nextPayer();
    const before = await paidCall(payer, "/unsponsored");
    expect(before.tx.sponsored).toBe(false);
    expect(before.payerUsdc).toBe(1000n);
    expect(before.payerStx).toBe(BigInt(before.tx.fee_rate));
    expect(before.payerStx).toBeGreaterThan(0n);
    expect(before.sponsorStx).toBe(0n);

    const after = await paidCall(payer, "/sponsored");
    expect(after.tx).toMatchObject({ sponsored: true, sponsor_address: SPONSOR });
    expect(after.payerUsdc).toBe(1000n);
    expect(after.payerStx).toBe(0n);
    expect(after.sponsorStx).toBe(BigInt(after.tx.fee_rate));
    expect(after.sponsorStx).toBeGreaterThan(0n);

    console.log(
      `payer's cost per $0.001 call — unsponsored: ${before.payerUsdc} µUSDC + ${before.payerStx} µSTX fee; ` +
        `sponsored: ${after.payerUsdc} µUSDC + ${after.payerStx} µSTX (the sponsor paid ${after.sponsorStx} µSTX)`,
    );
  });
});

describe("sponsored fees: @x402/fetch + sPay's Stacks scheme pays a sponsoring paywall", () => {
  it("the payer pays $0.001 and no STX against a sponsoring paywall, its own fee against one that does not sponsor", async () => {
    const payer = nextPayer();
    const before = await paidCall(payer, "/unsponsored", x402FetchWithSpayScheme);
    expect(before.tx.sponsored).toBe(false);
    expect(before.payerUsdc).toBe(1000n);
    expect(before.payerStx).toBe(BigInt(before.tx.fee_rate));
    expect(before.payerStx).toBeGreaterThan(0n);
    expect(before.sponsorStx).toBe(0n);

    const after = await paidCall(payer, "/sponsored", x402FetchWithSpayScheme);
    expect(after.tx).toMatchObject({ sponsored: true, sponsor_address: SPONSOR });
    expect(after.payerUsdc).toBe(1000n);
    expect(after.payerStx).toBe(0n);
    expect(after.sponsorStx).toBe(BigInt(after.tx.fee_rate));
    expect(after.sponsorStx).toBeGreaterThan(0n);

    console.log(
      `@x402/fetch + sPay's scheme, payer's cost per $0.001 call — unsponsored: ${before.payerUsdc} µUSDC + ${before.payerStx} µSTX fee; ` +
        `sponsored: ${after.payerUsdc} µUSDC + ${after.payerStx} µSTX (the sponsor paid ${after.sponsorStx} µSTX)`,
    );
  });
});
