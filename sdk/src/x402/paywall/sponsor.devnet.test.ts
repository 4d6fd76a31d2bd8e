/**
 * The paywall sponsoring its payers' fees, against the real thing: the devnet, the gateway as
 * facilitator, sPay's agent, and a sponsor key held by the paywall alone.
 */
import { decodeX402Header, type X402AcceptV2 } from "@spay/protocol/x402";
import {
  Cl,
  getAddressFromPrivateKey,
  makeContractCall,
  Pc,
  PostConditionMode,
  randomPrivateKey,
} from "@stacks/transactions";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "../../../test/browser/harness/stack.js";
import { nextPayer, payment, requiredOf, signTransfer } from "../../../test/x402/payer.js";
import { NonceManager } from "../agent/nonce-manager.js";
import { getPayment } from "../agent/payment-record.js";
import { wrapFetchWithPayment } from "../agent/wrap-fetch.js";
import { paywall } from "./hono.js";
import type { PaywallSponsorOptions } from "./sponsor.js";

let stack: TestStack;
const sponsorKey = randomPrivateKey();
const SPONSOR = getAddressFromPrivateKey(sponsorKey, "testnet");
const RESOURCE = "http://api.example.test/answer";

beforeAll(async () => {
  stack = await startStack();
  const res = await fetch(`${stack.devnetUrl}/extended/v1/faucets/stx?address=${SPONSOR}&amount=1000000`, {
    method: "POST",
  });
  expect(res.ok).toBe(true);
  await waitUntil(async () => (await stxOf(SPONSOR)) === 1_000_000n);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function waitUntil(condition: () => Promise<boolean>, what = "condition"): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function account(address: string) {
  const res = await fetch(`${stack.devnetUrl}/extended/v1/address/${address}/balances`);
  return (await res.json()) as { stx: { balance: string; total_fees_sent: string } };
}
const stxOf = async (address: string) => BigInt((await account(address)).stx.balance);

async function txOf(txid: string) {
  const res = await fetch(`${stack.devnetUrl}/extended/v1/tx/${txid}`);
  return (await res.json()) as {
    tx_status: string;
    sponsored: boolean;
    sponsor_address?: string;
    sponsor_nonce?: number;
    fee_rate: string;
    sender_address: string;
  };
}
const mined = (txid: string) =>
  waitUntil(async () => (await txOf(txid)).tx_status === "success", `${txid} to be mined`);

function app(sponsor: Partial<PaywallSponsorOptions> = {}, asset: "usdc" | ("usdc" | "sbtc")[] = "usdc") {
  const hono = new Hono();
  const pw = paywall({
    price: "$0.001",
    asset,
    apiKey: stack.merchant.sk,
    gatewayUrl: stack.apiUrl,
    sponsor: { privateKey: sponsorKey, stacksApiUrl: stack.devnetUrl, ...sponsor },
  });
  hono.get("/answer", pw, (c) => c.json({ answer: 42 }));
  hono.get("/broken", pw, (c) => c.json({ error: "down" }, 500));
  return hono;
}

function agentFor(privateKey: string, handler: (r: Request) => Response | Promise<Response>) {
  return wrapFetchWithPayment(handler, {
    privateKey,
    network: "testnet",
    maxAmount: { usdc: 1000n },
    stacksApiUrl: stack.devnetUrl,
    nonceManager: new NonceManager(),
  });
}

/** A payer's sponsored transfer answering `accept`, built by hand (own fee as given). */
async function sponsoredTransfer(payer: ReturnType<typeof nextPayer>, accept: X402AcceptV2, ownFee: bigint) {
  const nonceRes = await fetch(`${stack.devnetUrl}/extended/v1/address/${payer.address}/nonces`);
  const { possible_next_nonce } = (await nonceRes.json()) as { possible_next_nonce: number };
  const [contractAddress = "", contractName = ""] = accept.asset.split(".");
  return makeContractCall({
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(BigInt(accept.amount)),
      Cl.principal(payer.address),
      Cl.principal(accept.payTo),
      Cl.some(Cl.bufferFromUtf8(accept.extra.nonce)),
    ],
    senderKey: payer.privateKey,
    network: "testnet",
    nonce: possible_next_nonce,
    fee: ownFee,
    sponsored: true,
    postConditionMode: PostConditionMode.Deny,
    postConditions: [
      Pc.principal(payer.address)
        .willSendEq(BigInt(accept.amount))
        .ft(accept.asset as `${string}.${string}`, accept.extra.assetName ?? "usdc-token"),
    ],
  });
}

describe("a sponsoring paywall", () => {
  it("names its sponsor as extra.feePayer in every offer, v2 and v1", async () => {
    const hono = app({}, ["usdc", "sbtc"]);
    const v2 = requiredOf(await hono.request(RESOURCE));
    expect(v2.accepts).toHaveLength(2);
    for (const offer of v2.accepts) expect(offer.extra.feePayer).toBe(SPONSOR);
    const v1 = (await (await hono.request(RESOURCE, { headers: { "x-402-version": "1" } })).json()) as {
      accepts: X402AcceptV2[];
    };
    for (const offer of v1.accepts) expect(offer.extra.feePayer).toBe(SPONSOR);
  });

  it("co-signs sPay's agent's sponsored payment: the payer pays no STX, the sponsor pays the fee", async () => {
    const payer = nextPayer();
    const hono = app();
    const [payerBefore, sponsorBefore] = await Promise.all([stxOf(payer.address), stxOf(SPONSOR)]);
    const res = await agentFor(payer.privateKey, (r) => hono.fetch(r))(RESOURCE);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answer: 42 });
    const paid = getPayment(res);
    expect(paid).toMatchObject({ status: "paid", fee: 0n, payer: payer.address });
    const txid = paid?.txid as string;
    await mined(txid);
    const tx = await txOf(txid);
    expect(tx).toMatchObject({ sponsored: true, sponsor_address: SPONSOR, sender_address: payer.address });
    expect(await stxOf(payer.address)).toBe(payerBefore);
    expect(await stxOf(SPONSOR)).toBe(sponsorBefore - BigInt(tx.fee_rate));
    expect(BigInt(tx.fee_rate)).toBeGreaterThan(0n);
  });

  it("concurrent payments from different payers get consecutive sponsor nonces and all settle", async () => {
    const hono = app();
    const payers = [nextPayer(), nextPayer(), nextPayer()];
    const responses = await Promise.all(
      payers.map((p) => agentFor(p.privateKey, (r) => hono.fetch(r))(RESOURCE)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const txids = responses.map((r) => getPayment(r)?.txid as string);
    await Promise.all(txids.map(mined));
    const nonces = (await Promise.all(txids.map(txOf))).map((t) => t.sponsor_nonce as number);
    const sorted = [...nonces].sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(3);
    expect(sorted[2]! - sorted[0]!).toBe(2);
  });

  it("refuses a sponsored payment whose own fee is not 0 (invalid_transaction): the sponsor does not top up", async () => {
    const hono = app();
    const required = requiredOf(await hono.request(RESOURCE));
    const accept = required.accepts[0] as X402AcceptV2;
    const tx = await sponsoredTransfer(nextPayer(), accept, 1_000n);
    const res = await hono.request(RESOURCE, { headers: payment.v2(required, accept, tx.serialize()) });
    expect(res.status).toBe(402);
    expect(decodeX402Header(res.headers.get("payment-required") ?? "").error).toBe("invalid_transaction");
  });

  it("refuses a payment whose fee would exceed maxFee (sponsor_fee_too_high), nothing broadcast", async () => {
    const hono = app({ fee: 5_000n, maxFee: 4_999n });
    const sponsorBefore = await stxOf(SPONSOR);
    const payer = nextPayer();
    const res = await agentFor(payer.privateKey, (r) => hono.fetch(r))(RESOURCE);
    expect(res.status).toBe(402);
    expect(getPayment(res)).toMatchObject({ status: "rejected", rejectionReason: "sponsor_fee_too_high" });
    expect(await stxOf(SPONSOR)).toBe(sponsorBefore);
  });

  it("a handler that fails charges nothing and spends no sponsor nonce: the next payment settles", async () => {
    const hono = app();
    const payer = nextPayer();
    const failed = await agentFor(payer.privateKey, (r) => hono.fetch(r))("http://api.example.test/broken");
    expect(failed.status).toBe(500);
    const res = await agentFor(payer.privateKey, (r) => hono.fetch(r))(RESOURCE);
    expect(res.status).toBe(200);
    await mined(getPayment(res)?.txid as string);
  });

  it("a payer that does not sponsor (an unsponsored transfer) still pays, its own fee", async () => {
    const hono = app();
    const payer = nextPayer();
    const required = requiredOf(await hono.request(RESOURCE));
    const accept = required.accepts[0] as X402AcceptV2;
    const tx = await signTransfer(stack.devnetUrl, payer, accept);
    const before = await stxOf(payer.address);
    const res = await hono.request(RESOURCE, { headers: payment.v2(required, accept, tx.serialize()) });
    expect(res.status).toBe(200);
    await mined(`0x${tx.txid()}`);
    expect(await stxOf(payer.address)).toBe(before - 2_000n);
  });
});
