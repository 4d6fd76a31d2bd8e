/**
 * The agent against the real thing: the devnet, the gateway as facilitator, and a Hono API sold
 * per call through the merchant paywall.
 */
import { ACCOUNTS, SBTC_CONTRACT_ID, USDC_CONTRACT_ID } from "@spay/devnet";
import { randomPrivateKey } from "@stacks/transactions";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "../../../test/browser/harness/stack.js";
import { paywall } from "../../server/paywall/paywall.js";
import { X402PaymentError } from "./errors.js";
import { getPayment, getPaymentReceipt, type X402Payment } from "./payment-record.js";
import { stacksApi } from "./stacks-api.js";
import { wrapFetchWithPayment, type X402AgentOptions } from "./wrap-fetch.js";

let stack: TestStack;
let app: Hono;
const API = "http://api.example.test";
let served = 0;

/** Each test pays from its own funded devnet account. */
const wallets = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
let walletIndex = 0;
/** wallet_1 is the browser tests' payer; the others take turns (a reused account's nonce is re-read from the chain). */
const nextWallet = () => wallets[1 + (walletIndex++ % (wallets.length - 1))]!;

beforeAll(async () => {
  stack = await startStack();
  const sell = (asset: "usdc" | "sbtc" | "stx") =>
    paywall({
      price: "$0.001",
      asset,
      description: "One answer",
      apiKey: stack.merchant.sk,
      gatewayUrl: stack.apiUrl,
    });
  app = new Hono();
  app.get("/free", (c) => c.json({ free: true }));
  app.get("/answer", sell("usdc"), (c) => {
    served++;
    return c.json({ answer: 42 });
  });
  app.get("/answer-in-sbtc", sell("sbtc"), (c) => c.json({ answer: 42, paidIn: "sBTC" }));
  app.get("/answer-in-stx", sell("stx"), (c) => c.json({ answer: 42, paidIn: "STX" }));
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

function agentFor(privateKey: string, options: Partial<X402AgentOptions> = {}) {
  return wrapFetchWithPayment(app.fetch, {
    privateKey,
    network: "testnet",
    maxAmount: { usdc: 1000n, sbtc: 10n },
    stacksApiUrl: stack.devnetUrl,
    ...options,
  } as X402AgentOptions);
}

/** The transaction's status on the devnet, once mined. */
async function minedStatus(txid: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${stack.devnetUrl}/extended/v1/tx/${txid}`);
    const body = (await res.json()) as { tx_status?: string };
    if (res.ok && body.tx_status !== "pending") return body.tx_status ?? "unknown";
    await new Promise((r) => setTimeout(r, 100));
  }
  return "pending";
}

/** The gateway's x402 payment intents, by txid. */
async function x402Intents(): Promise<Map<string, number>> {
  const res = await fetch(`${stack.apiUrl}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${stack.merchant.sk}` },
  });
  const list = (await res.json()) as { data: { payment_method: string; txid: string | null }[] };
  const counts = new Map<string, number>();
  for (const intent of list.data.filter((i) => i.payment_method === "x402" && i.txid))
    counts.set(intent.txid as string, (counts.get(intent.txid as string) ?? 0) + 1);
  return counts;
}

async function expectPaidOnce(payments: X402Payment[]) {
  const intents = await x402Intents();
  for (const payment of payments) {
    expect(intents.get(payment.txid), `intent for ${payment.txid}`).toBe(1);
    expect(await minedStatus(payment.txid)).toBe("success");
  }
}

describe("an agent paying a $0.001 API on the devnet", () => {
  it("a response that is not a 402 passes through untouched, and nothing is paid", async () => {
    const res = await agentFor(randomPrivateKey())(`${API}/free`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ free: true });
    expect(getPayment(res)).toBeUndefined();
  });

  it("x402 v2: pays 1000 units of USDC and gets the answer with a PAYMENT-RESPONSE receipt", async () => {
    const wallet = nextWallet();
    const res = await agentFor(wallet.privateKey)(`${API}/answer`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answer: 42 });
    const payment = getPayment(res)!;
    expect(payment).toMatchObject({ status: "paid", form: "v2", amount: 1000n, asset: USDC_CONTRACT_ID });
    expect(payment.payTo).toBe(stack.merchant.payoutAddress);
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
    expect(getPaymentReceipt(res)).toEqual({
      success: true,
      transaction: payment.txid,
      network: "stacks:2147483648",
      payer: wallet.address,
    });
    await expectPaidOnce([payment]);
  });

  it("x402 v1 (X-402-Version: 1): pays with X-PAYMENT and gets an X-PAYMENT-RESPONSE receipt", async () => {
    const wallet = nextWallet();
    const res = await agentFor(wallet.privateKey, { forms: ["v1"] })(`${API}/answer`, {
      headers: { "X-402-Version": "1" },
    });
    expect(res.status).toBe(200);
    expect(getPayment(res)).toMatchObject({ status: "paid", form: "v1", amount: 1000n });
    expect(res.headers.get("X-PAYMENT-RESPONSE")).toBeTruthy();
    expect(getPaymentReceipt(res)).toMatchObject({ success: true, payer: wallet.address });
    await expectPaidOnce([getPayment(res)!]);
  });

  it("SPEC.md's form: broadcasts the transfer itself and proves it with the txid", async () => {
    const wallet = nextWallet();
    const res = await agentFor(wallet.privateKey, { forms: ["spec"] })(`${API}/answer`);
    expect(res.status).toBe(200);
    const payment = getPayment(res)!;
    expect(payment).toMatchObject({ status: "paid", form: "spec", amount: 1000n });
    expect(getPaymentReceipt(res)).toMatchObject({ success: true, transaction: payment.txid });
    await expectPaidOnce([payment]);
  });

  it("STX: $0.001 at $0.50/STX is 2000 µSTX, paid by a native token-transfer with the nonce as memo", async () => {
    const wallet = nextWallet();
    const res = await agentFor(wallet.privateKey, { maxAmount: { stx: 2000n } })(`${API}/answer-in-stx`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answer: 42, paidIn: "STX" });
    const payment = getPayment(res)!;
    expect(payment).toMatchObject({ status: "paid", amount: 2000n, asset: "STX" });
    const tx = (await (await fetch(`${stack.devnetUrl}/extended/v1/tx/${payment.txid}`)).json()) as {
      tx_type: string;
      token_transfer: { amount: string; recipient_address: string };
    };
    expect(tx.tx_type).toBe("token_transfer");
    expect(tx.token_transfer).toMatchObject({
      amount: "2000",
      recipient_address: stack.merchant.payoutAddress,
    });
    await expectPaidOnce([payment]);
  });

  it("an STX price above the agent's STX cap is refused before signing", async () => {
    const err = await agentFor(randomPrivateKey(), { maxAmount: { stx: 1999n } })(
      `${API}/answer-in-stx`,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(X402PaymentError);
    expect((err as X402PaymentError).code).toBe("amount_exceeds_max");
  });

  it("sBTC: $0.001 at $100,000/BTC is one sat", async () => {
    const res = await agentFor(nextWallet().privateKey)(`${API}/answer-in-sbtc`);
    expect(res.status).toBe(200);
    const payment = getPayment(res)!;
    expect(payment).toMatchObject({ status: "paid", asset: SBTC_CONTRACT_ID, amount: 1n });
    await expectPaidOnce([payment]);
  });

  it("10 paid calls back to back from one account all succeed, each settled exactly once", async () => {
    const wallet = nextWallet();
    const paidFetch = agentFor(wallet.privateKey);
    const payments: X402Payment[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await paidFetch(`${API}/answer`);
      expect(res.status, `call ${i}`).toBe(200);
      payments.push(getPayment(res)!);
    }
    const first = payments[0]!.nonce;
    expect(payments.map((p) => p.nonce)).toEqual(Array.from({ length: 10 }, (_, i) => first + BigInt(i)));
    expect(new Set(payments.map((p) => p.txid)).size).toBe(10);
    await expectPaidOnce(payments);
  });

  it("10 concurrent paid calls from one account all succeed, each settled exactly once", async () => {
    const wallet = nextWallet();
    const paidFetch = agentFor(wallet.privateKey);
    const before = served;
    const responses = await Promise.all(Array.from({ length: 10 }, () => paidFetch(`${API}/answer`)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(served - before).toBe(10);
    const payments = responses.map((r) => getPayment(r)!);
    expect(new Set(payments.map((p) => p.nonce)).size).toBe(10);
    await expectPaidOnce(payments);
  });

  it("refuses a price above maxAmount before signing: nothing reaches the chain", async () => {
    const wallet = nextWallet();
    const chain = stacksApi(stack.devnetUrl);
    const nonceBefore = await chain.possibleNextNonce(wallet.address);
    const err = await agentFor(wallet.privateKey, { maxAmount: { usdc: 999n } })(`${API}/answer`).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(X402PaymentError);
    expect((err as X402PaymentError).code).toBe("amount_exceeds_max");
    expect(await chain.possibleNextNonce(wallet.address)).toBe(nonceBefore);
  });

  it("a 402 to the paid retry is returned as it is, with the server's reason, and not paid again", async () => {
    // A fresh account holds no USDC: the gateway refuses the payment (insufficient_funds).
    let calls = 0;
    const counted = (request: Request) => {
      calls++;
      return app.fetch(request);
    };
    const res = await wrapFetchWithPayment(counted, {
      privateKey: randomPrivateKey(),
      network: "testnet",
      maxAmount: { usdc: 1000n },
      stacksApiUrl: stack.devnetUrl,
    })(`${API}/answer`);
    expect(res.status).toBe(402);
    expect(calls).toBe(2);
    expect(getPayment(res)).toMatchObject({ status: "rejected", rejectionReason: "insufficient_funds" });
  });
});
