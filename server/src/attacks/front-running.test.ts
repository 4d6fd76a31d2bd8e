import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { ChainClient } from "../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../cli/pay.ts";
import { clientSecretsOf } from "../domain/client-secret.ts";
import { SettlementWatcher } from "../services/settlement/watcher.ts";

/**
 * The memo decides which intent a transfer pays. Real signed SIP-010 transfers
 * on the embedded devnet; blocks are mined only when a test says so, so a transfer can sit in the
 * mempool where an attacker reads its txid. Each `it` is an attack and the rule it breaks.
 */
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
let rival: Merchant;
let watcher: SettlementWatcher;
const customer = ACCOUNTS.find((a) => a.name === "wallet_3")!;
const attacker = ACCOUNTS.find((a) => a.name === "wallet_4")!;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 3_600_000 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchant(api);
  rival = await setupMerchant(api);
  const chain = new ChainClient({ baseUrl: devnet.url });
  watcher = new SettlementWatcher(
    api.deps,
    { test: chain, live: chain },
    { intervalMs: 50, discoveryIntervalMs: 0, dropAfterSeconds: 3600, lateWindowSeconds: 86_400 },
  );
}, 300_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

type Intent = IntentForPayment & { client_secret?: string | null };

async function createIntent(body: Record<string, unknown> = {}, owner: Merchant = merchant): Promise<Intent> {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: owner.sk,
    body: { amount_minor: 2500, ...body },
  });
  expect(res.status).toBe(201);
  return res.body as Intent;
}

/** A checkout's (or an attacker's, for his own order) report: publishable key + that intent's client secret. */
const submit = (intentId: string, txid: string) =>
  api.request(
    "POST",
    `/v1/payment_intents/${intentId}/submit?client_secret=${clientSecretsOf(api.deps.secrets).for(intentId)}`,
    { token: merchant.pk, body: { txid } },
  );
const retrieve = async (id: string) =>
  (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body;
const history = async (id: string) =>
  (
    (await api.request("GET", `/v1/payment_intents/${id}/events`, { token: merchant.sk })).body.data as {
      from_status: string | null;
      to_status: string;
      reason: string;
    }[]
  ).map((e) => `${e.from_status ?? "∅"}→${e.to_status}:${e.reason}`);
const unmatched = async (token = merchant.sk) =>
  (await api.request("GET", "/v1/unmatched_transfers?limit=100", { token })).body.data as {
    txid: string;
    amount: string;
    memo: string | null;
    assigned_payment_intent: string | null;
  }[];
const assign = (txid: string, paymentIntent: string, token = merchant.sk) =>
  api.request("POST", `/v1/unmatched_transfers/${txid}/assign`, {
    token,
    body: { payment_intent: paymentIntent },
  });

/** Signs a transfer for `intent` (its memo unless told otherwise) and puts it in the mempool. */
async function broadcastFor(
  intent: Intent,
  options: { memo?: string; omitMemo?: boolean; key?: string } = {},
): Promise<string> {
  const tx = await buildIntentTransfer(
    { ...intent, memo: options.memo ?? intent.memo },
    options.key ?? customer.privateKey,
    devnet.url,
    { omitMemo: options.omitMemo ?? false },
  );
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  return `0x${txid.replace(/^0x/, "")}`;
}

async function mine(): Promise<void> {
  await devnet.mineBlock();
}

/** One watcher pass with every transfer and report due now (the watcher spaces rechecks by a second). */
async function tick(): Promise<void> {
  await api.deps.db.updateTable("payment_transfers").set({ next_check_at: 0 }).execute();
  await api.deps.db.updateTable("transfer_reports").set({ next_check_at: 0 }).execute();
  await watcher.tick();
}

describe("front-running a submitted txid", () => {
  it("front-running: submitting customer A's txid (read in the mempool) for order Y settles nothing for Y, and A's order still settles", async () => {
    const orderA = await createIntent();
    const orderY = await createIntent();
    expect(orderY.amount_asset).toBe(orderA.amount_asset);
    const txid = await broadcastFor(orderA);

    // The attacker is first: his report is refused and binds nothing.
    const stolen = await submit(orderY.id, txid);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.code).toBe("transaction_not_for_intent");
    // The honest checkout reports it second, and is not blocked.
    const honest = await submit(orderA.id, txid);
    expect(honest.status).toBe(200);
    await tick();
    expect((await retrieve(orderA.id)).status).toBe("transaction_pending");
    expect((await retrieve(orderY.id)).status).toBe("requires_payment_method");

    await mine();
    await tick();
    expect(await retrieve(orderA.id)).toMatchObject({
      status: "payment_settled",
      txid,
      amount_received: orderA.amount_asset,
    });
    expect(await retrieve(orderY.id)).toMatchObject({
      status: "requires_payment_method",
      amount_received: "0",
    });
    expect(await history(orderY.id)).toEqual(["∅→requires_payment_method:created"]);
  });

  it("front-running before the chain knows the txid: the report is only a hint; when the transfer shows up it pays A, never Y", async () => {
    const orderA = await createIntent();
    const orderY = await createIntent();
    const tx = await buildIntentTransfer(orderA, customer.privateKey, devnet.url);
    const txid = `0x${tx.txid()}`;
    // Reported for Y before it is broadcast: nothing to look at yet; Y's payment is only started
    // (still payable by anyone's transfer carrying Y's memo).
    const early = await submit(orderY.id, txid);
    expect(early.status).toBe(200);
    expect(early.body.status).toBe("payment_initiated");
    await broadcastIntentTransfer(tx, devnet.url);
    await mine();
    await tick();
    await tick();
    expect((await retrieve(orderA.id)).status).toBe("payment_settled");
    // The report resolved to another intent's transfer: Y waits for payment again, saying why.
    expect(await retrieve(orderY.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transfer_rejected:memo_names_another_intent",
    });
    const report = await api.deps.db
      .selectFrom("transfer_reports")
      .select(["state", "reason"])
      .where("payment_intent_id", "=", orderY.id)
      .executeTakeFirstOrThrow();
    expect(report).toEqual({ state: "not_for_intent", reason: "memo_names_another_intent" });
  });

  it("wrong memo: a transfer whose memo names no intent, reported for X, does not settle X; it waits as unmatched", async () => {
    const orderX = await createIntent();
    const txid = await broadcastFor(orderX, { memo: "pi_nobody", key: attacker.privateKey });
    await mine();
    const res = await submit(orderX.id, txid);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("transaction_not_for_intent");
    await tick();
    expect(await retrieve(orderX.id)).toMatchObject({
      status: "requires_payment_method",
      amount_received: "0",
    });
    expect(await unmatched()).toContainEqual(
      expect.objectContaining({
        txid,
        memo: "pi_nobody",
        amount: orderX.amount_asset,
        assigned_payment_intent: null,
      }),
    );
  });
});

describe("transfers with no matching memo", () => {
  let orderX: Intent;
  let txid: string;

  it("no memo: a transfer into the payout address without a memo settles nothing and is listed as unmatched", async () => {
    orderX = await createIntent();
    txid = await broadcastFor(orderX, { omitMemo: true });
    await mine();
    await tick(); // discovery finds it without anyone reporting it
    expect((await retrieve(orderX.id)).status).toBe("requires_payment_method");
    expect(await unmatched()).toContainEqual(
      expect.objectContaining({
        txid,
        memo: null,
        amount: orderX.amount_asset,
        assigned_payment_intent: null,
      }),
    );
    const counted = await api.deps.db
      .selectFrom("payment_transfers")
      .select("txid")
      .where("txid", "=", txid)
      .execute();
    expect(counted).toEqual([]);
  });

  it("tenancy: another workspace can neither see nor assign the unmatched transfer", async () => {
    expect((await unmatched(rival.sk)).map((t) => t.txid)).not.toContain(txid);
    const theirs = await createIntent({}, rival);
    const onTheirs = await assign(txid, theirs.id, rival.sk);
    expect(onTheirs.status).toBe(404);
    const onOurs = await assign(txid, orderX.id, rival.sk);
    expect(onOurs.status).toBe(404);
    // A session naming no environment sees its whole workspace, and still nothing of ours.
    const session = { token: rival.token, headers: { "x-workspace-id": rival.workspaceId } };
    const listed = await api.request("GET", "/v1/unmatched_transfers?limit=100", session);
    expect(listed.status).toBe(200);
    expect((listed.body.data as { txid: string }[]).map((t) => t.txid)).not.toContain(txid);
    const bySession = await api.request("POST", `/v1/unmatched_transfers/${txid}/assign`, {
      ...session,
      body: { payment_intent: theirs.id },
    });
    expect(bySession.status).toBe(404);
  });

  it("a publishable key cannot assign a transfer (secret key or session only)", async () => {
    const res = await assign(txid, orderX.id, merchant.pk);
    expect(res.status).toBe(403);
  });

  it("an intent paid in another token cannot take the transfer", async () => {
    const usdcIntent = await createIntent({ asset: "usdc" });
    const res = await assign(txid, usdcIntent.id);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("transfer_intent_mismatch");
  });

  it("the merchant assigns it: the intent settles through the normal path and the audit log records who did it", async () => {
    const res = await assign(txid, orderX.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ txid, assigned_payment_intent: orderX.id });
    const audit = await api.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "transfer.assigned")
      .where("object_id", "=", txid)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ workspace_id: merchant.workspaceId, actor_type: "api_key" });
    const details: unknown = audit[0]?.details; // a text column: JSON as stored
    expect(typeof details === "string" ? JSON.parse(details) : details).toMatchObject({
      payment_intent: orderX.id,
    });
    await tick();
    expect(await retrieve(orderX.id)).toMatchObject({
      status: "payment_settled",
      txid,
      amount_received: orderX.amount_asset,
    });
    expect(await history(orderX.id)).toEqual([
      "∅→requires_payment_method:created",
      "requires_payment_method→transaction_broadcast:assigned_by_merchant",
      "transaction_broadcast→payment_settled:paid",
    ]);
  });

  it("assigning twice: a transfer already assigned cannot be assigned to another intent (409)", async () => {
    const other = await createIntent();
    const again = await assign(txid, other.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("transfer_already_assigned");
    await tick();
    expect((await retrieve(other.id)).status).toBe("requires_payment_method");
    const audit = await api.deps.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "transfer.assigned")
      .where("object_id", "=", txid)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("a transfer that already counts for an intent by its memo cannot be assigned to another", async () => {
    const paid = await createIntent();
    const counted = await broadcastFor(paid);
    await mine();
    await tick();
    expect((await retrieve(paid.id)).status).toBe("payment_settled");
    const other = await createIntent();
    const res = await assign(counted, other.id);
    expect(res.status).toBe(404); // it was never unmatched: nothing to assign
    expect((await retrieve(other.id)).status).toBe("requires_payment_method");
  });
});
