/**
 * The agent and the payment-identifier extension, on the devnet: one identifier per call, the
 * same one (the same payment) when it sends again after losing the answer; and the merchant's
 * signed receipt, read with getPaymentReceipt.
 */
import { ACCOUNTS } from "@spay/devnet";
import { decodeX402Header } from "@spay/protocol/x402";
import { randomPrivateKey } from "@stacks/transactions";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "../../../test/browser/harness/stack.js";
import { createPaywall } from "../paywall/core.js";
import { honoMiddleware } from "../paywall/hono.js";
import { stacksReceiptSigner, verifyReceipt } from "../signed-receipts.js";
import { getPayment, getPaymentReceipt } from "./payment-record.js";
import { wrapFetchWithPayment } from "./wrap-fetch.js";

let stack: TestStack;
let app: Hono;
let served = 0;
const API = "http://api.example.test";
const merchantKey = randomPrivateKey();
const wallets = ACCOUNTS.filter((a) => /^wallet_[5-8]$/.test(a.name));
let next = 0;
const nextWallet = () => wallets[next++ % wallets.length]!;

beforeAll(async () => {
  stack = await startStack();
  const paywall = createPaywall({
    price: "$0.001",
    apiKey: stack.merchant.sk,
    gatewayUrl: stack.apiUrl,
    signing: { privateKey: merchantKey },
  });
  app = new Hono();
  app.get("/answer", honoMiddleware(paywall), (c) => {
    served += 1;
    return c.json({ answer: 42 });
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

/** The paid requests' payment identifiers, in the order sent. */
function idsSent(requests: Request[]): (string | undefined)[] {
  return requests
    .map((r) => r.headers.get("payment-signature"))
    .filter((h): h is string => h !== null)
    .map((h) => {
      const ext = decodeX402Header(h).extensions as
        | { "payment-identifier"?: { info: { id?: string } } }
        | undefined;
      return ext?.["payment-identifier"]?.info.id;
    });
}

function agent(fetchImpl: (request: Request) => Promise<Response>) {
  const wallet = nextWallet();
  return wrapFetchWithPayment(fetchImpl, {
    privateKey: wallet.privateKey,
    network: "testnet",
    maxAmount: { usdc: 1000n },
    stacksApiUrl: stack.devnetUrl,
  });
}

describe("the agent's payment identifier", () => {
  it("each call's payment carries its own identifier", async () => {
    const sent: Request[] = [];
    const paid = agent(async (request) => {
      sent.push(request.clone());
      return app.fetch(request);
    });
    const a = await paid(`${API}/answer`);
    const b = await paid(`${API}/answer`);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = idsSent(sent);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(getPayment(a)?.paymentId).toBe(ids[0]);
  });

  it("an answer lost after the server settled: the agent sends the same payment again and gets that answer, charged once", async () => {
    const sent: Request[] = [];
    let dropped = false;
    const paid = agent(async (request) => {
      sent.push(request.clone());
      const response = await app.fetch(request);
      if (request.headers.has("payment-signature") && !dropped) {
        dropped = true; // the server answered; the connection lost it
        throw new TypeError("fetch failed: socket hang up");
      }
      return response;
    });
    const before = served;
    const res = await paid(`${API}/answer`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answer: 42 });
    expect(served).toBe(before + 1);
    const ids = idsSent(sent);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    const signatures = sent.map((r) => r.headers.get("payment-signature")).filter(Boolean);
    expect(signatures[1]).toBe(signatures[0]); // the same payment, not a new one
    expect(getPayment(res)).toMatchObject({ status: "paid" });
  });

  it("getPaymentReceipt carries the merchant's signed receipt, which verifies against its key", async () => {
    const res = await agent((r) => Promise.resolve(app.fetch(r)))(`${API}/answer`);
    const receipt = getPaymentReceipt(res);
    expect(receipt?.extensions?.["offer-receipt"]).toBeDefined();
    const verified = await verifyReceipt(receipt, {
      signer: stacksReceiptSigner(merchantKey).publicKey,
      resourceUrl: `${API}/answer`,
      payer: getPayment(res)?.payer,
    });
    expect(verified.valid).toBe(true);
  });
});
