import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  sendRefundTransfer,
  setupMerchant,
  setupMerchantPayingFrom,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import { ChainClient } from "../../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../../cli/pay.ts";
import { clientSecretsOf } from "../../domain/client-secret.ts";
import { transaction } from "../write-transaction.ts";
import { trackTransfer } from "./track-transfer.ts";
import { SettlementWatcher } from "./watcher.ts";

/**
 * The block follower on the devnet (blocks mined by hand): it settles from blocks, sees the
 * mempool, catches up after downtime, takes back what a fork orphaned — saying so on the
 * intent's timeline — and asks the chain API the same per block whatever the number of merchants.
 */
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
const payer = ACCOUNTS.find((a) => a.name === "wallet_4")!;

/** A chain client counting the calls it makes, by path without its query or ids. */
function countingChain(url: string) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const path = new URL(String(input)).pathname;
    calls.push(
      path
        .replace(/\/extended\/v2\/blocks\/[^/]+/, "/extended/v2/blocks/:block")
        .replace(/\/tx\/0x[0-9a-f]+/, "/tx/:txid"),
    );
    return fetch(input, init);
  };
  return { client: new ChainClient({ baseUrl: url, fetchImpl, retries: 0 }), calls };
}

const watcherFor = (chain: ChainClient) =>
  new SettlementWatcher(
    api.deps,
    { test: chain, live: chain },
    { discoveryIntervalMs: 0, dropAfterSeconds: 3600 },
  );

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 3_600_000, chainhooks: null });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchant(api);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

async function createIntent(
  owner: Merchant = merchant,
  amountMinor = 1250,
): Promise<IntentForPayment & { id: string }> {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: owner.sk,
    body: { amount_minor: amountMinor },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Signs and broadcasts the intent's transfer (nobody reports it); it waits in the mempool. */
async function pay(intent: IntentForPayment): Promise<string> {
  const tx = await buildIntentTransfer(intent, payer.privateKey, devnet.url);
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  return `0x${txid.replace(/^0x/, "")}`;
}

const retrieve = async (id: string) =>
  (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body;
const timeline = async (id: string) =>
  (
    (await api.request("GET", `/v1/payment_intents/${id}/events`, { token: merchant.sk })).body.data as {
      to_status: string;
      reason: string;
    }[]
  ).map((e) => `${e.to_status}:${e.reason}`);

describe("the block follower", () => {
  it("shows a mempool transfer as pending, then settles it from its block", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    await watcher.tick(); // takes its position
    const intent = await createIntent();
    await pay(intent);
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "transaction_pending",
      status_reason: "in_mempool",
    });
    const block = await devnet.mineBlock();
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: intent.amount_asset,
    });
    const cursor = await api.deps.db
      .selectFrom("chain_cursors")
      .selectAll()
      .where("env", "=", "test")
      .executeTakeFirst();
    expect(cursor?.height).toBe(block.height);
  });

  it("a transfer first seen already aborted in its block tells its intent, which waits to be paid again", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    await watcher.tick(); // takes its position
    // $999,999.99 in sBTC from a wallet holding far less: the token contract answers (err u1).
    const intent = await createIntent(merchant, 99_999_999);
    const txid = await pay(intent);
    await devnet.mineBlock(); // mined before anyone looked or reported it
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transaction_failed:abort_by_response",
      txid: null,
    });
    expect(await timeline(intent.id)).toContain(
      "requires_payment_method:transaction_failed:abort_by_response",
    );
    const events = await api.request("GET", "/v1/events?type=payment_intent.failed&limit=100", {
      token: merchant.sk,
    });
    const failed = (events.body.data as { data: { object: { id: string } } }[]).filter(
      (e) => e.data.object.id === intent.id,
    );
    expect(failed).toHaveLength(1);
    // The checkout's report arrives after: it hears the same failure, so it offers another try.
    const reported = await api.request(
      "POST",
      `/v1/payment_intents/${intent.id}/submit?client_secret=${clientSecretsOf(api.deps.secrets).for(intent.id)}`,
      { token: merchant.pk, body: { txid } },
    );
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transaction_failed:abort_by_response",
    });
  });

  it("catches up after downtime from the position it recorded", async () => {
    const intents = [await createIntent(), await createIntent(), await createIntent()];
    for (const intent of intents) {
      await pay(intent);
      await devnet.mineBlock();
      await devnet.mineBlock(); // and an empty one
    }
    // A new process: nothing in memory, only the recorded position.
    await watcherFor(new ChainClient({ baseUrl: devnet.url })).tick();
    for (const intent of intents) expect((await retrieve(intent.id)).status).toBe("payment_settled");
    const cursor = await api.deps.db
      .selectFrom("chain_cursors")
      .selectAll()
      .where("env", "=", "test")
      .executeTakeFirst();
    const tip = await new ChainClient({ baseUrl: devnet.url }).getTipHeight();
    expect(cursor?.height).toBe(tip);
  });

  it("keeps a settled intent settled when a fork re-mines its transfer, and says so", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    const intent = await createIntent();
    const txid = await pay(intent);
    const mined = await devnet.mineBlock();
    await watcher.tick();
    expect((await retrieve(intent.id)).status).toBe("payment_settled");
    await devnet.fork({ depth: 1 });
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      status_reason: "reconfirmed",
      amount_received: intent.amount_asset,
    });
    expect((await timeline(intent.id)).slice(-2)).toEqual([
      `payment_settled:block_orphaned:${mined.height}`,
      "payment_settled:reconfirmed",
    ]);
    const transfer = await api.deps.db
      .selectFrom("payment_transfers")
      .selectAll()
      .where("txid", "=", txid)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ state: "counted", block_height: mined.height });
  });

  it("records a settled transfer the new branch dropped, without un-settling silently", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    const intent = await createIntent();
    const txid = await pay(intent);
    const mined = await devnet.mineBlock();
    await watcher.tick();
    await devnet.fork({ depth: 1, drop: [txid] });
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      status_reason: "transfer_reversed:dropped_replace_across_fork",
    });
    expect((await timeline(intent.id)).slice(-2)).toEqual([
      `payment_settled:block_orphaned:${mined.height}`,
      "payment_settled:transfer_reversed:dropped_replace_across_fork",
    ]);
  });

  it("sends an intent still confirming back to pending when its block is orphaned, then fails it if dropped", async () => {
    const envs = await api.request("GET", "/api/environments", { token: merchant.sk });
    const envId = envs.body.data[0].id;
    await api.request("PATCH", `/api/environments/${envId}`, {
      token: merchant.sk,
      body: { confirmations_required: 3 },
    });
    try {
      const chain = countingChain(devnet.url);
      const watcher = watcherFor(chain.client);
      const intent = await createIntent();
      const txid = await pay(intent);
      const mined = await devnet.mineBlock();
      await watcher.tick();
      expect(await retrieve(intent.id)).toMatchObject({
        status: "transaction_confirmed",
        status_reason: "confirmations:1/3",
      });
      await devnet.mineBlock();
      chain.calls.length = 0;
      await watcher.tick();
      expect(await retrieve(intent.id)).toMatchObject({ status_reason: "confirmations:2/3" });
      // Confirmations are counted from the recorded block: no look-up of the transaction.
      expect(chain.calls.filter((c) => c.includes("/tx/:txid"))).toEqual([]);
      await devnet.fork({ depth: 2, drop: [txid] });
      await watcher.tick();
      expect(await retrieve(intent.id)).toMatchObject({ status: "requires_payment_method", txid: null });
      expect((await timeline(intent.id)).slice(-2)).toEqual([
        `transaction_pending:block_orphaned:${mined.height}`,
        "requires_payment_method:transaction_failed:dropped_replace_across_fork",
      ]);
    } finally {
      await api.request("PATCH", `/api/environments/${envId}`, {
        token: merchant.sk,
        body: { confirmations_required: 1 },
      });
    }
  });

  it.skipIf(process.env.SPAY_TEST_DB !== "postgres")(
    "a block and a report of the same transfer, at the same time, do not deadlock (PostgreSQL)",
    async () => {
      const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
      const intent = await createIntent();
      const txid = await pay(intent);
      await devnet.mineBlock();
      // A report of the transfer (POST …/submit) holds the intent and then writes its transfer row,
      // while the block follower applies the block that mined it.
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const report = transaction(api.deps, async (trx) => {
        await trx
          .selectFrom("payment_intents")
          .select("id")
          .where("id", "=", intent.id)
          .forUpdate()
          .execute();
        locked();
        await released;
        await trackTransfer(trx, txid, intent.id, "submitted");
      });
      await isLocked;
      const tick = watcher.tick();
      await new Promise((r) => setTimeout(r, 300));
      release();
      await Promise.all([report, tick]); // a deadlock rejects one of them
      await watcher.tick();
      expect((await retrieve(intent.id)).status).toBe("payment_settled");
    },
    60_000,
  );

  it("asks the chain API the same per block whether one merchant or thirty have open intents", async () => {
    const chain = countingChain(devnet.url);
    const watcher = watcherFor(chain.client);
    await watcher.tick();
    const perBlock = async () => {
      // Three blocks, each with one payment to the first merchant.
      chain.calls.length = 0;
      for (let i = 0; i < 3; i++) {
        await pay(await createIntent());
        await devnet.mineBlock();
      }
      await watcher.tick();
      return [...chain.calls].sort();
    };
    const few = await perBlock();
    const others = await Promise.all(Array.from({ length: 30 }, () => setupMerchant(api)));
    for (const other of others) await createIntent(other);
    const many = await perBlock();
    expect(many).toEqual(few);
    // One tip, one block and one page of its transactions per block; the mempool once.
    expect(few.filter((c) => c === "/extended/v2/blocks/:block")).toHaveLength(3);
    expect(few.filter((c) => c === "/extended/v2/blocks/:block/transactions")).toHaveLength(3);
  }, 120_000);
});

describe("refund transfers, like payments", () => {
  /** A merchant whose payout wallet is a funded devnet account, so it can pay refunds and fees. */
  const payoutAccount = ACCOUNTS.find((a) => a.name === "wallet_5")!;
  let refunder: { sk: string; envId: string };

  beforeAll(async () => {
    const { sk } = await setupMerchantPayingFrom(api, payoutAccount);
    const envs = await api.request("GET", "/api/environments", { token: sk });
    refunder = { sk, envId: envs.body.data[0].id };
  });

  const requireConfirmations = (n: number) =>
    api.request("PATCH", `/api/environments/${refunder.envId}`, {
      token: refunder.sk,
      body: { confirmations_required: n },
    });
  const getRefund = async (id: string) =>
    (await api.request("GET", `/v1/refunds/${id}`, { token: refunder.sk })).body as {
      id: string;
      status: string;
      status_reason: string | null;
      txid: string | null;
      amount: string;
      memo: string;
      token_contract: string;
      destination: string;
      asset: string;
    };
  /** The merchant's transfer paying the refund (memo = refund id); it waits in the mempool. */
  const sendRefund = (r: Awaited<ReturnType<typeof getRefund>>) =>
    sendRefundTransfer(devnet.url, r, payoutAccount.privateKey);
  /** A payment of 12.50 to the refunding merchant, settled from its block. */
  const settledPayment = async (watcher: SettlementWatcher, body: Record<string, unknown> = {}) => {
    const created = await api.request("POST", "/v1/payment_intents", {
      token: refunder.sk,
      body: { amount_minor: 1250, ...body },
    });
    const intent = created.body as IntentForPayment & { id: string };
    await pay(intent);
    await devnet.mineBlock();
    await watcher.tick();
    return intent;
  };
  const succeededEvents = async (refundId: string) =>
    (
      await api.deps.db
        .selectFrom("events")
        .select(["type", "data"])
        .where("type", "=", "refund.succeeded")
        .execute()
    ).filter((e) => (e.data as { object: { id: string } }).object.id === refundId).length;

  it("a refund succeeds only at the environment's confirmations; a fork that drops its transfer sends it back to waiting", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    const intent = await settledPayment(watcher, { customer_email: "payer@example.com" });
    const paid = (await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: refunder.sk })).body;
    expect(paid.status).toBe("payment_settled");

    await requireConfirmations(3);
    try {
      const half = BigInt(intent.amount_asset) / 2n;
      const res = await api.request("POST", "/v1/refunds", {
        token: refunder.sk,
        body: { payment_intent: intent.id, amount: half.toString(), reason: "requested_by_customer" },
      });
      expect(res.status).toBe(201);
      const refund = await getRefund(res.body.id);

      // Mined: still pending, with its transfer and how far it has come.
      const first = await sendRefund(refund);
      const minedAt = await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({
        status: "pending",
        status_reason: "confirmations:1/3",
        txid: first,
      });
      // The branch that held it is replaced by one without it: the refund waits again, nothing counted.
      await devnet.fork({ depth: 1, drop: [first] });
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({
        status: "pending",
        status_reason: "block_orphaned",
        txid: null,
      });
      expect(minedAt.height).toBeGreaterThan(0);
      expect(await succeededEvents(refund.id)).toBe(0);

      // The merchant pays it again: counted once it has three confirmations, and only then.
      const second = await sendRefund(refund);
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({
        status: "pending",
        status_reason: "confirmations:1/3",
        txid: second,
      });
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({
        status: "pending",
        status_reason: "confirmations:2/3",
      });
      expect(await succeededEvents(refund.id)).toBe(0);
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({ status: "succeeded", txid: second });
      expect(await succeededEvents(refund.id)).toBe(1);
      const after = (await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: refunder.sk }))
        .body;
      expect(after).toMatchObject({ status: "partially_refunded", amount_refunded: half.toString() });

      // A fork that re-mines a refund still confirming keeps its transfer and counts on.
      const rest = await api.request("POST", "/v1/refunds", {
        token: refunder.sk,
        body: { payment_intent: intent.id, reason: "requested_by_customer" },
      });
      const last = await getRefund(rest.body.id);
      const txid = await sendRefund(last);
      // A second transfer for it (a double click) in the same block: the first one stays its transfer.
      const again = await sendRefund(last);
      expect(again).not.toBe(txid);
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(last.id)).toMatchObject({ status_reason: "confirmations:1/3", txid });
      await devnet.fork({ depth: 1 });
      await watcher.tick();
      expect(await getRefund(last.id)).toMatchObject({
        status: "pending",
        status_reason: "confirmations:2/3",
        txid,
      });
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(last.id)).toMatchObject({ status: "succeeded", txid });
      expect(await succeededEvents(last.id)).toBe(1);
    } finally {
      await requireConfirmations(1);
    }
  }, 120_000);

  it("a refund canceled while its transfer waited in the mempool still counts once mined; one confirming cannot be canceled", async () => {
    const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
    const intent = await settledPayment(watcher);
    await requireConfirmations(2);
    try {
      const res = await api.request("POST", "/v1/refunds", {
        token: refunder.sk,
        body: { payment_intent: intent.id, reason: "duplicate" },
      });
      const refund = await getRefund(res.body.id);
      const txid = await sendRefund(refund);
      // The merchant gives up before the chain mines it: the refund fails, its transfer is still out.
      const cancel = await api.request("POST", `/v1/refunds/${refund.id}/cancel`, { token: refunder.sk });
      expect(cancel.body).toMatchObject({ status: "failed", status_reason: "canceled" });
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({
        status: "pending",
        status_reason: "confirmations:1/2",
        txid,
      });
      // Its money is on its way: it can no longer be canceled.
      const again = await api.request("POST", `/v1/refunds/${refund.id}/cancel`, { token: refunder.sk });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("refund_unexpected_state");
      await devnet.mineBlock();
      await watcher.tick();
      expect(await getRefund(refund.id)).toMatchObject({ status: "succeeded", txid });
      const intentNow = (await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: refunder.sk }))
        .body;
      expect(intentNow).toMatchObject({ status: "refunded", amount_refunded: intent.amount_asset });
      const types = (await api.deps.db.selectFrom("events").select(["type", "data"]).orderBy("seq").execute())
        .filter((e) => (e.data as { object: { id: string } }).object.id === refund.id)
        .map((e) => e.type);
      expect(types).toEqual(["refund.created", "refund.failed", "refund.succeeded"]);
    } finally {
      await requireConfirmations(1);
    }
  }, 120_000);

  it.skipIf(process.env.SPAY_TEST_DB !== "postgres")(
    "a refund transfer mined while another transaction holds the refund is counted, not skipped (PostgreSQL)",
    async () => {
      const watcher = watcherFor(new ChainClient({ baseUrl: devnet.url }));
      const intent = await settledPayment(watcher);
      const res = await api.request("POST", "/v1/refunds", {
        token: refunder.sk,
        body: { payment_intent: intent.id, reason: "duplicate" },
      });
      const refund = await getRefund(res.body.id);
      const txid = await sendRefund(refund);
      await devnet.mineBlock();
      // Another process holds the refund's row (a cancel deciding, a confirmation count) while the
      // block that mined its transfer is applied: the block is applied once, so it must wait.
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const holder = transaction(api.deps, async (trx) => {
        await trx.selectFrom("refunds").select("id").where("id", "=", refund.id).forUpdate().execute();
        locked();
        await held;
      });
      await isLocked;
      const tick = watcher.tick();
      await new Promise((r) => setTimeout(r, 500));
      release();
      await holder;
      await tick;
      expect(await getRefund(refund.id)).toMatchObject({ status: "succeeded", txid });
    },
    60_000,
  );
});

describe("the watcher at rest", () => {
  it("sleeps while nothing is watched and wakes when a new intent is committed", async () => {
    // Everything earlier in this file has settled; later blocks leave the fork window quiet.
    const calls: string[] = [];
    const chain = new ChainClient({
      baseUrl: devnet.url,
      fetchImpl: (input, init) => {
        calls.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
    });
    await api.deps.db
      .updateTable("payment_intents")
      .set({ status: "canceled", expires_at: 0 })
      .where("status", "in", [
        "requires_payment_method",
        "transaction_pending",
        "transaction_confirmed",
        "transaction_broadcast",
      ])
      .execute();
    const watcher = new SettlementWatcher(
      api.deps,
      { test: chain, live: chain },
      // No fork window: the earlier tests' transfers no longer keep the chain watched.
      {
        intervalMs: 50,
        idleIntervalMs: 600_000,
        discoveryIntervalMs: 0,
        lateWindowSeconds: 0,
        forkWindow: 0,
      },
      api.notifications,
    );
    watcher.start();
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toEqual([]); // at rest: no chain call, one pass only
      // Blocks nobody watched: on waking the follower starts near the tip, not at its old position.
      for (let i = 0; i < 40; i++) await devnet.mineBlock();
      const intent = await createIntent();
      await pay(intent);
      await devnet.mineBlock();
      const deadline = Date.now() + 10_000;
      while ((await retrieve(intent.id)).status !== "payment_settled" && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await retrieve(intent.id)).status).toBe("payment_settled");
      const blockReads = calls.filter((c) => /^\/extended\/v2\/blocks\/[^/]+$/.test(c)).length;
      expect(blockReads).toBeLessThan(30); // the look-back (20) and the paying block, not all 40
    } finally {
      await watcher.stop();
    }
  });
});
