import { randomBytes } from "node:crypto";
import { ACCOUNTS, type Devnet, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import { signTokenTransfer } from "@spay/devnet/testing";
import { fetchNonce } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  sendRefundTransfer,
  setupMerchant,
  setupMerchantPayingFrom,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { ChainClient } from "../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../cli/pay.ts";
import { SettlementWatcher } from "../services/settlement/watcher.ts";

/**
 * Refunds and customers end to end on the embedded devnet: a payer signs a real SIP-010
 * transfer that settles an intent, the merchant creates a refund through the API and pays it from
 * the payout wallet with a real signed transfer whose memo is the refund id, and the watcher counts
 * it. The payout wallet is a funded devnet account, so the merchant can pay fees and refunds.
 */
let api: TestApi;
let devnet: Devnet;
let watcher: SettlementWatcher;
let merchant: { token: string; workspaceId: string; sk: string; pk: string };
let other: Merchant;
const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;
const payout = ACCOUNTS.find((a) => a.name === "wallet_3")!;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchantPayingFrom(api, payout);
  other = await setupMerchant(api);
  const chain = new ChainClient({ baseUrl: devnet.url, timeoutMs: 2_000, retries: 0 });
  watcher = new SettlementWatcher(
    api.deps,
    { test: chain, live: chain },
    { intervalMs: 50, discoveryIntervalMs: 0, dropAfterSeconds: 3600, lateWindowSeconds: 86_400 },
  );
}, 120_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

interface Refund {
  id: string;
  status: string;
  status_reason: string | null;
  amount: string;
  amount_minor: number;
  destination: string;
  source: string;
  memo: string;
  token_contract: string;
  asset: string;
  txid: string | null;
  customer: string | null;
}

async function broadcastTransfer(tx: Awaited<ReturnType<typeof buildIntentTransfer>>): Promise<string> {
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  await devnet.waitForTx(txid);
  return txid;
}

/** A payment of `amount_minor` cents by wallet_1, settled on chain. */
async function settledPayment(body: Record<string, unknown> = {}) {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 2000, customer_email: "Payer@Example.com", ...body },
  });
  expect(res.status).toBe(201);
  const intent = res.body as IntentForPayment;
  await broadcastTransfer(await buildIntentTransfer(intent, payer.privateKey, devnet.url));
  await watcher.tick();
  const settled = await retrieve(intent.id);
  expect(settled.status).toBe("payment_settled");
  return settled as IntentForPayment & { amount_received: string; customer_id: string | null };
}

const retrieve = async (id: string) =>
  (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body;
const getRefund = async (id: string) =>
  (await api.request("GET", `/v1/refunds/${id}`, { token: merchant.sk })).body as Refund;

function refund(body: Record<string, unknown>, token = merchant.sk, headers: Record<string, string> = {}) {
  return api.request("POST", "/v1/refunds", {
    token,
    headers,
    body: { reason: "requested_by_customer", ...body },
  });
}

/** The merchant pays a refund from the payout wallet: a real transfer, memo = refund id by default. */
async function payRefund(r: Refund, options: { amount?: bigint; memo?: string; key?: string } = {}) {
  const txid = (await sendRefundTransfer(devnet.url, r, options.key ?? payout.privateKey, options)).slice(2);
  await devnet.waitForTx(txid);
  await watcher.tick();
  return txid; // bare hex, as the devnet reports it
}

const outboxTypes = async (id: string) =>
  (await api.deps.db.selectFrom("events").select(["type", "data"]).orderBy("seq").execute())
    .filter((e) => (e.data as { object: { id: string } }).object.id === id)
    .map((e) => e.type);

describe("refunds on the devnet", () => {
  it("a full refund: pending to the payer, the merchant's transfer counts once → succeeded, intent refunded", async () => {
    const intent = await settledPayment();
    const created = await refund({ payment_intent: intent.id }, merchant.sk, { "idempotency-key": "full-1" });
    expect(created.status).toBe(201);
    const r = created.body as Refund;
    expect(r).toMatchObject({
      status: "pending",
      amount: intent.amount_received,
      amount_minor: 2000,
      destination: payer.address,
      source: payout.address,
      memo: r.id,
    });
    expect(r.id).toMatch(/^re_/);
    // The same Idempotency-Key replays the answer instead of creating a second refund.
    const replay = await refund({ payment_intent: intent.id }, merchant.sk, { "idempotency-key": "full-1" });
    expect(replay.body.id).toBe(r.id);
    const txid = await payRefund(r);
    expect(await getRefund(r.id)).toMatchObject({ status: "succeeded", txid: `0x${txid}` });
    expect(await retrieve(intent.id)).toMatchObject({
      status: "refunded",
      amount_refunded: intent.amount_received,
    });
    expect(await outboxTypes(r.id)).toEqual(["refund.created", "refund.succeeded"]);
    // Counted once: the block is processed again (a second tick) and nothing moves.
    await watcher.tick();
    const history = await api.request("GET", `/v1/payment_intents/${intent.id}/events`, {
      token: merchant.sk,
    });
    expect(history.body.data.map((e: { to_status: string }) => e.to_status)).toEqual([
      "requires_payment_method",
      "payment_settled",
      "refunded",
    ]);
    // Refunded in full: nothing remains to refund.
    const more = await refund({ payment_intent: intent.id, amount: "1" });
    expect(more.status).toBe(409);
    expect(more.body.error.code).toBe("payment_not_refundable");
  });

  it("partial refunds: partially_refunded, then refunded when they add up; the customer's lifetime value nets them", async () => {
    const intent = await settledPayment({ customer_email: "partial@example.com" });
    const received = BigInt(intent.amount_received);
    const first = (await refund({ payment_intent: intent.id, amount: (received / 4n).toString() }))
      .body as Refund;
    expect(first.amount_minor).toBe(500);
    const overview = async () =>
      (await api.request("GET", "/v1/analytics/overview?range=7d", { token: merchant.sk })).body as {
        total_revenue_minor: number;
        settled: number;
      };
    const before = await overview();
    await payRefund(first);
    expect(await retrieve(intent.id)).toMatchObject({
      status: "partially_refunded",
      amount_refunded: (received / 4n).toString(),
    });
    // Still a paid payment, counted net of its refund: revenue drops by the refund's $5.00 only.
    const after = await overview();
    expect(after.settled).toBe(before.settled);
    expect(after.total_revenue_minor).toBe(before.total_revenue_minor - 500);
    const paidList = await api.request("GET", "/v1/payments?filter=paid&limit=100", { token: merchant.sk });
    expect(paidList.body.data.map((p: { id: string }) => p.id)).toContain(intent.id);
    const csv = await api.request("GET", "/v1/analytics/export?range=7d", { token: merchant.sk });
    expect(String(csv.body).split("\n")[0]).toContain("amount_refunded_asset");
    expect(String(csv.body)).toContain(`,${received / 4n},`);
    // Over what remains → refused with a clear code; the rest (default amount) is accepted.
    const over = await refund({
      payment_intent: intent.id,
      amount: (received - received / 4n + 1n).toString(),
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "refund_exceeds_refundable", param: "amount" });
    const rest = (await refund({ payment_intent: intent.id })).body as Refund;
    expect(BigInt(rest.amount)).toBe(received - received / 4n);
    expect(rest.amount_minor).toBe(1500);
    await payRefund(rest);
    expect(await retrieve(intent.id)).toMatchObject({
      status: "refunded",
      amount_refunded: received.toString(),
    });

    const customers = await api.request("GET", "/v1/customers?search=PARTIAL", { token: merchant.sk });
    expect(customers.body.data).toHaveLength(1);
    expect(customers.body.data[0]).toMatchObject({
      object: "customer",
      email: "partial@example.com",
      address: payer.address,
      payments_count: 1,
      refunds_count: 2,
      total_paid: 2000,
      total_refunded: 2000,
      lifetime_value: 0,
    });
    const one = await api.request("GET", `/v1/customers/${customers.body.data[0].id}`, {
      token: merchant.sk,
    });
    expect(one.body.id).toBe(customers.body.data[0].id);
    expect(first.customer).toBe(one.body.id);
  });

  it("a refund given in dollars: that share of the asset paid, rounded up, the dollars kept exactly", async () => {
    const intent = await settledPayment({ customer_email: "dollars@example.com", amount_minor: 1999 });
    const received = BigInt(intent.amount_received);
    const five = await refund({ payment_intent: intent.id, amount_minor: 333 });
    expect(five.status).toBe(201);
    // $3.33 of a $19.99 payment: that share of the sats, rounded up so the payer never gets less.
    expect(five.body).toMatchObject({ amount_minor: 333, amount_micros: "3330000" });
    expect(BigInt(five.body.amount)).toBe((received * 333n + 1998n) / 1999n);
    // More dollars than remain, or both units at once, are refused and change nothing.
    const over = await refund({ payment_intent: intent.id, amount_minor: 1667 });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "refund_exceeds_refundable", param: "amount_minor" });
    expect(over.body.error.message).toContain("$16.66 of $19.99");
    const both = await refund({ payment_intent: intent.id, amount_minor: 100, amount: "1" });
    expect(both.status).toBe(400);
    expect(both.body.error.param).toBe("amount_minor");
    const listed = await api.request("GET", `/v1/refunds?payment_intent=${intent.id}`, {
      token: merchant.sk,
    });
    expect(listed.body.data).toHaveLength(1);
    // The rest, in dollars too: the refunds add up to the payment exactly.
    const rest = await refund({ payment_intent: intent.id, amount_minor: 1666 });
    expect(rest.status).toBe(201);
    expect(BigInt(rest.body.amount) + BigInt(five.body.amount)).toBeLessThanOrEqual(received);
    expect(rest.body.amount_micros).toBe("16660000");
  });

  it("an overpaid payment: refunding the excess returns no cents, only refunds below the price lower revenue and lifetime value", async () => {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 100, customer_email: "over@example.com" },
    });
    const intent = res.body as IntentForPayment;
    const due = BigInt(intent.amount_asset);
    const excess = due / 5n;
    await broadcastTransfer(
      await buildIntentTransfer(intent, payer.privateKey, devnet.url, { amount: due + excess }),
    );
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: (due + excess).toString(),
    });
    const revenue = async () =>
      (
        (await api.request("GET", "/v1/analytics/overview?range=7d", { token: merchant.sk })).body as {
          total_revenue_minor: number;
        }
      ).total_revenue_minor;
    const lifetimeValue = async () =>
      (await api.request("GET", "/v1/customers?search=over@example.com", { token: merchant.sk })).body.data[0]
        .lifetime_value as number;
    const before = await revenue();
    expect(await lifetimeValue()).toBe(100);

    // The excess goes back first and carries no cents: the merchant kept the full price.
    const back = (await refund({ payment_intent: intent.id, amount: excess.toString() })).body as Refund;
    expect(back.amount_minor).toBe(0);
    await payRefund(back);
    expect(await retrieve(intent.id)).toMatchObject({ status: "partially_refunded" });
    expect(await revenue()).toBe(before);
    expect(await lifetimeValue()).toBe(100);

    // Below the price, refunds return their share of the cents over the price; the last takes the rest.
    const half = (await refund({ payment_intent: intent.id, amount: (due / 2n).toString() })).body as Refund;
    const halfMinor = Number(((due / 2n) * 100n) / due); // 50, or 49 for an odd price in sats
    expect(halfMinor).toBeGreaterThanOrEqual(49);
    expect(half.amount_minor).toBe(halfMinor);
    const rest = (await refund({ payment_intent: intent.id })).body as Refund;
    expect(BigInt(rest.amount)).toBe(due - due / 2n);
    expect(rest.amount_minor).toBe(100 - halfMinor);
    await payRefund(half);
    await payRefund(rest);
    expect(await retrieve(intent.id)).toMatchObject({
      status: "refunded",
      amount_refunded: (due + excess).toString(),
    });
    expect(await revenue()).toBe(before - 100);
    expect(await lifetimeValue()).toBe(0);
  });

  it("a refunded payment that receives more money later is partially refunded again, and the extra can be refunded", async () => {
    const intent = await settledPayment({ customer_email: "late@example.com" });
    const full = (await refund({ payment_intent: intent.id })).body as Refund;
    await payRefund(full);
    expect(await retrieve(intent.id)).toMatchObject({ status: "refunded" });
    // The payer sends the intent more, after its refund: counted, so refundable again.
    await broadcastTransfer(
      await buildIntentTransfer(intent, payer.privateKey, devnet.url, { amount: 1234n }),
    );
    await watcher.tick();
    const received = BigInt(intent.amount_received) + 1234n;
    expect(await retrieve(intent.id)).toMatchObject({
      status: "partially_refunded",
      amount_received: received.toString(),
      amount_refunded: intent.amount_received,
    });
    const extra = await refund({ payment_intent: intent.id });
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ amount: "1234", amount_minor: 0 });
    await payRefund(extra.body as Refund);
    expect(await retrieve(intent.id)).toMatchObject({
      status: "refunded",
      amount_refunded: received.toString(),
    });
  });

  it("a refund transfer with the wrong amount or the wrong memo is not counted; the right one then is", async () => {
    const intent = await settledPayment();
    const r = (await refund({ payment_intent: intent.id, amount: "1000" })).body as Refund;
    await payRefund(r, { amount: 999n });
    expect(await getRefund(r.id)).toMatchObject({
      status: "pending",
      status_reason: "transfer_rejected:wrong_amount",
      txid: null,
    });
    await payRefund(r, { memo: "re_notthisrefund" });
    expect((await getRefund(r.id)).status).toBe("pending");
    // Someone else paying the payer with the refund's memo is not the merchant's refund.
    await payRefund(r, { key: ACCOUNTS.find((a) => a.name === "wallet_4")!.privateKey });
    expect((await getRefund(r.id)).status).toBe("pending");
    expect(await retrieve(intent.id)).toMatchObject({ status: "payment_settled", amount_refunded: "0" });
    await payRefund(r);
    expect(await getRefund(r.id)).toMatchObject({ status: "succeeded", status_reason: null });
    expect(await retrieve(intent.id)).toMatchObject({
      status: "partially_refunded",
      amount_refunded: "1000",
    });
  });

  it("two refunds racing for the last amount: exactly one is created", async () => {
    const intent = await settledPayment();
    const received = BigInt(intent.amount_received);
    const part = received / 2n;
    expect((await refund({ payment_intent: intent.id, amount: part.toString() })).status).toBe(201);
    const last = (received - part).toString();
    const results = await Promise.all([
      refund({ payment_intent: intent.id, amount: last }),
      refund({ payment_intent: intent.id, amount: last }),
      refund({ payment_intent: intent.id, amount: last }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400]);
    for (const lost of results.filter((r) => r.status !== 201))
      expect(lost.body.error.code).toBe("refund_exceeds_refundable");
    const listed = await api.request("GET", `/v1/refunds?payment_intent=${intent.id}`, {
      token: merchant.sk,
    });
    expect(listed.body.data).toHaveLength(2);
  });

  it("a canceled refund fails (refund.failed) and frees its amount", async () => {
    const intent = await settledPayment();
    const r = (await refund({ payment_intent: intent.id })).body as Refund;
    const canceled = await api.request("POST", `/v1/refunds/${r.id}/cancel`, { token: merchant.sk });
    expect(canceled.body).toMatchObject({ status: "failed", status_reason: "canceled" });
    expect(await outboxTypes(r.id)).toEqual(["refund.created", "refund.failed"]);
    const again = await api.request("POST", `/v1/refunds/${r.id}/cancel`, { token: merchant.sk });
    expect(again.body.error.code).toBe("refund_unexpected_state");
    expect((await refund({ payment_intent: intent.id })).status).toBe(201);
  });

  it("an x402 payment (USDC, settled through the facilitator) is refunded to the agent that paid", async () => {
    const agent = ACCOUNTS.find((a) => a.name === "wallet_2")!;
    const nonce = randomBytes(16).toString("hex");
    const requirement = {
      scheme: "exact",
      network: "stacks:2147483648",
      amount: "5000",
      asset: USDC_CONTRACT_ID,
      payTo: payout.address,
      maxTimeoutSeconds: 60,
      extra: { nonce, expiresAt: Math.floor(Date.now() / 1000) + 60, decimals: 6, tokenType: "sip10" },
    };
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: { contractId: USDC_CONTRACT_ID, assetName: "usdc-token" },
      from: agent,
      to: payout.address,
      amount: 5000n,
      memo: nonce,
      nonce: await fetchNonce({ address: agent.address, client: { baseUrl: devnet.url } }),
      fee: 2_000n,
    });
    const settled = await api.request("POST", "/v1/x402/settle", {
      token: merchant.sk,
      body: {
        paymentPayload: { x402Version: 2, accepted: requirement, payload: { transaction: tx.serialize() } },
        paymentRequirements: requirement,
      },
    });
    expect(settled.body).toMatchObject({ success: true, payer: agent.address });
    await devnet.waitForTx(tx.txid());
    await watcher.tick();
    const intentId = settled.body.payment_intent_id as string;
    expect(await retrieve(intentId)).toMatchObject({ payment_method: "x402", status: "payment_settled" });
    const r = (await refund({ payment_intent: intentId, amount: "2000" })).body as Refund;
    expect(r).toMatchObject({ destination: agent.address, asset: "usdc", amount: "2000", amount_minor: 0 });
    await payRefund(r);
    expect((await getRefund(r.id)).status).toBe("succeeded");
    expect(await retrieve(intentId)).toMatchObject({ status: "partially_refunded", amount_refunded: "2000" });
  });

  it("refuses an unpaid intent, a publishable key, and another tenant's or environment's intent (404)", async () => {
    const unpaid = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 100 },
    });
    const notPaid = await refund({ payment_intent: unpaid.body.id });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.error.code).toBe("payment_not_refundable");
    expect((await refund({ payment_intent: unpaid.body.id }, merchant.pk)).body.error.code).toBe(
      "secret_key_required",
    );
    const intent = await settledPayment();
    const foreign = await refund({ payment_intent: intent.id }, other.sk);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "resource_missing", param: "payment_intent" });
    const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    expect(live.status).toBe(201);
    const crossing = await refund({ payment_intent: intent.id }, live.body.key);
    expect(crossing.status).toBe(404);
    const mine = (await refund({ payment_intent: intent.id })).body as Refund;
    for (const token of [other.sk, live.body.key]) {
      expect((await api.request("GET", `/v1/refunds/${mine.id}`, { token })).status).toBe(404);
      expect((await api.request("GET", "/v1/refunds", { token })).body.data).toEqual([]);
    }
  });
});
