import { ACCOUNTS } from "@spay/devnet";
import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  addressToString,
  ClarityType,
  type ContractCallPayload,
  type FungiblePostConditionWire,
  getAddressFromPrivateKey,
  PayloadType,
  PostConditionMode,
  privateKeyToPublic,
  randomPrivateKey,
  signMessageHashRsv,
  type TokenTransferPayloadWire,
} from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../core/testing/spay-server.js";
import { createTestWallet } from "../core/testing/test-wallet.js";
import { buildTransferCall } from "../core/wallet/transfer.js";
import { buildRefundTransfer, payRefund, RefundTransferError } from "./refunds.js";
import { SPayServerClient } from "./server-client.js";
import type { Refund } from "./types.js";

/**
 * The refund helper on the embedded devnet against the real server: a payer settles an intent with
 * a real signed transfer, the merchant creates a refund with the secret key and pays it with
 * `payRefund` from the payout wallet's own key, and the server's watcher counts it.
 */
const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;
let api: TestServer;
let spay: SPayServerClient;
/** The payout wallet's key: the merchant's own, funded with STX for fees by the devnet faucet. */
const payoutKey = randomPrivateKey();
const payout = getAddressFromPrivateKey(payoutKey, "testnet");

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${api.url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A merchant made through the public API whose payout wallet is `payoutKey` (verified by signature). */
async function merchantWithPayoutKey(): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const { session_id } = (await call("POST", "/v1/auth/register", {
    email: `refunds-${tag}@example.com`,
    password: "sdk-test-password",
  })) as { session_id: string };
  const auth = { authorization: `Bearer ${session_id}` };
  const org = (await call("POST", "/v1/organizations", { name: "Refunds", slug: `re-${tag}` }, auth)) as {
    id: string;
  };
  const ws = (await call("POST", `/v1/organizations/${org.id}/workspaces`, { name: "Refunds" }, auth)) as {
    id: string;
  };
  const challenge = (await call(
    "GET",
    `/v1/auth/wallet/challenge?address=${payout}&purpose=payout_wallet`,
  )) as { message: string; nonce: string };
  const signature = signMessageHashRsv({
    messageHash: bytesToHex(hashMessage(challenge.message)),
    privateKey: payoutKey,
  });
  const verified = (await call(
    "POST",
    "/onboarding/wallet/verify",
    { address: payout, public_key: privateKeyToPublic(payoutKey), signature, nonce: challenge.nonce },
    { ...auth, "x-workspace-id": ws.id },
  )) as { api_keys: { type: string; key: string }[] };
  const sk = verified.api_keys.find((k) => k.type === "sk")?.key;
  if (!sk) throw new Error("onboarding returned no secret key");
  return sk;
}

beforeAll(async () => {
  api = await startTestServer({ chain: true });
  spay = new SPayServerClient({ apiKey: await merchantWithPayoutKey(), apiUrl: api.url });
  await api.devnet!.waitForTx(await api.devnet!.faucet("stx", payout));
}, 180_000);
afterAll(() => api?.close());

/** An sBTC payment of `amount_minor` cents by wallet_1: a real signed transfer, settled. */
async function settledPayment(amountMinor: number) {
  const intent = await spay.createPaymentIntent({
    amount_minor: amountMinor,
    customer_email: "payer@example.com",
  });
  const wallet = createTestWallet({ privateKey: payer.privateKey, chainApiUrl: api.devnet!.url });
  const { result } = (await wallet.request("stx_callContract", buildTransferCall(intent, payer.address))) as {
    result: { txid: string };
  };
  const { txid } = result;
  await api.devnet!.waitForTx(txid);
  await spay.submitTransaction(intent.id, txid, "wallet");
  const settled = await spay.waitForStatus(intent.id, { until: (pi) => pi.status === "payment_settled" });
  expect(settled.status).toBe("payment_settled");
  return settled;
}

async function until(id: string, status: Refund["status"]): Promise<Refund> {
  await expect.poll(async () => (await spay.retrieveRefund(id)).status, { timeout: 15_000 }).toBe(status);
  return spay.retrieveRefund(id);
}

describe("payRefund: the merchant pays a refund from the payout wallet", () => {
  it("builds the SIP-010 transfer: exact amount, source → destination, memo = refund id, willSendEq in deny mode", async () => {
    const intent = await settledPayment(1500);
    const refund = await spay.createRefund({
      payment_intent: intent.id,
      amount: 400n,
      reason: "requested_by_customer",
    });
    expect(refund).toMatchObject({
      status: "pending",
      amount: "400",
      source: payout,
      destination: payer.address,
    });
    expect(refund.memo).toBe(refund.id);

    const tx = await buildRefundTransfer(refund, { privateKey: payoutKey, stacksApiUrl: api.devnet!.url });
    const payload = tx.payload as ContractCallPayload;
    expect(payload.payloadType).toBe(PayloadType.ContractCall);
    expect(`${addressToString(payload.contractAddress)}.${payload.contractName.content}`).toBe(
      refund.token_contract,
    );
    expect(payload.functionName.content).toBe("transfer");
    const [amount, from, to, memo] = payload.functionArgs;
    expect(amount).toMatchObject({ type: ClarityType.UInt, value: 400n });
    expect(from).toMatchObject({ type: ClarityType.PrincipalStandard, value: payout });
    expect(to).toMatchObject({ type: ClarityType.PrincipalStandard, value: payer.address });
    expect(memo?.type).toBe(ClarityType.OptionalSome);
    const memoHex = (memo as { value: { value: string } }).value.value;
    expect(Buffer.from(memoHex, "hex").toString("utf8")).toBe(refund.id);
    expect(tx.postConditionMode).toBe(PostConditionMode.Deny);
    const pcs = tx.postConditions.values as FungiblePostConditionWire[];
    expect(pcs).toHaveLength(1);
    expect(pcs[0]!.amount).toBe(400n);
    expect(pcs[0]!.conditionCode).toBe(1); // FungibleConditionCode.Equal (willSendEq)
    expect(pcs[0]!.asset.contractName.content).toBe(refund.token_contract.split(".")[1]);
    expect(pcs[0]!.asset.assetName.content).toBe("sbtc-token");
  });

  it("a partial then the rest: each transfer is accepted by the devnet and the refund succeeds on the server", async () => {
    const intent = await settledPayment(2000);
    const received = BigInt(intent.amount_received ?? intent.amount_asset);
    const first = await spay.createRefund({ payment_intent: intent.id, amount: 500, reason: "duplicate" });
    const { txid } = await payRefund(first, { privateKey: payoutKey, stacksApiUrl: api.devnet!.url });
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    await api.devnet!.waitForTx(txid);
    const succeeded = await until(first.id, "succeeded");
    expect(succeeded.txid).toBe(txid);
    const partly = await spay.retrievePaymentIntent(intent.id);
    expect(partly.status).toBe("partially_refunded");

    const rest = await spay.createRefund({ payment_intent: intent.id, reason: "requested_by_customer" });
    expect(rest.amount).toBe((received - 500n).toString());
    const second = await payRefund(rest, { privateKey: payoutKey, stacksApiUrl: api.devnet!.url });
    await api.devnet!.waitForTx(second.txid);
    expect((await until(rest.id, "succeeded")).txid).toBe(second.txid);
    const refunded = await spay.retrievePaymentIntent(intent.id);
    expect(refunded.status).toBe("refunded");
    const listed = await spay.listRefunds({ payment_intent: intent.id });
    expect(listed.data.map((r) => r.id).sort()).toEqual([first.id, rest.id].sort());
    const customer = await spay.retrieveCustomer(succeeded.customer!);
    expect(customer).toMatchObject({ object: "customer", email: "payer@example.com", refunds_count: 2 });
  });

  it("refuses to sign with a key that is not the payout wallet's, or for a refund no longer pending", async () => {
    const intent = await settledPayment(1000);
    const refund = await spay.createRefund({ payment_intent: intent.id, amount: "100", reason: "other" });
    // A pending refund with a txid is confirming on chain: sending it again would pay twice.
    await expect(
      payRefund(
        { ...refund, txid: `0x${"ab".repeat(32)}` },
        { privateKey: payoutKey, stacksApiUrl: api.devnet!.url },
      ),
    ).rejects.toMatchObject({ code: "refund_already_sent" });
    const wrong = payRefund(refund, { privateKey: payer.privateKey, stacksApiUrl: api.devnet!.url });
    await expect(wrong).rejects.toBeInstanceOf(RefundTransferError);
    await expect(wrong).rejects.toMatchObject({ code: "wrong_source_key" });
    const canceled = await spay.cancelRefund(refund.id);
    expect(canceled.status).toBe("failed");
    await expect(
      payRefund(canceled, { privateKey: payoutKey, stacksApiUrl: api.devnet!.url }),
    ).rejects.toMatchObject({ code: "refund_not_pending" });
    // Nothing was broadcast: the refund stays failed and the intent keeps its whole amount refundable.
    expect((await spay.retrievePaymentIntent(intent.id)).status).toBe("payment_settled");
  });
});

// The STX variant carries the memo in the token-transfer payload itself (no contract call).
describe("buildRefundTransfer for an STX refund", () => {
  it("is a token-transfer of the exact µSTX to the destination with the refund id as memo", async () => {
    const refund = {
      id: "re_stxmemo",
      status: "pending" as const,
      amount: "123456",
      asset: "stx" as const,
      token_contract: "STX",
      source: payout,
      destination: payer.address,
      memo: "re_stxmemo",
      env: "test" as const,
    };
    const tx = await buildRefundTransfer(refund, { privateKey: payoutKey, stacksApiUrl: api.devnet!.url });
    const payload = tx.payload as TokenTransferPayloadWire;
    expect(payload.payloadType).toBe(PayloadType.TokenTransfer);
    expect(payload.amount).toBe(123_456n);
    expect(payload.recipient).toMatchObject({ value: payer.address });
    expect(payload.memo.content.replace(/\0+$/, "")).toBe("re_stxmemo");
  });
});
