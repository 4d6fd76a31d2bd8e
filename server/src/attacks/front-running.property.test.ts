import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { ChainClient } from "../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../cli/pay.ts";
import { clientSecretsOf } from "../domain/client-secret.ts";
import { SettlementWatcher } from "../services/settlement/watcher.ts";

/**
 * As a property: whatever the order of broadcasts, honest reports, front-running
 * reports (one intent's txid reported for another) and transfers whose memo names no intent, once
 * the blocks are mined and the watcher has run, every paid intent is settled by exactly its own
 * transfer, unpaid intents are untouched, and no transfer counts for two intents or for none it names.
 * Real signed transfers on the devnet; blocks are mined only by the `mine` steps.
 */
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
let watcher: SettlementWatcher;
const wallets = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 3_600_000 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchant(api);
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

type Step =
  | { kind: "broadcast"; transfer: number }
  | { kind: "report"; transfer: number; intent: number }
  | { kind: "mine" }
  | { kind: "tick" };

interface Scenario {
  intents: number;
  /** Which intents are paid by a transfer carrying their memo. */
  paid: boolean[];
  /** Transfers into the payout address whose memo names no intent (true: no memo at all). */
  strays: boolean[];
  steps: Step[];
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    intents: fc.integer({ min: 2, max: 3 }),
    paid: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    strays: fc.array(fc.boolean(), { maxLength: 2 }),
    steps: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.record({ kind: fc.constant("broadcast" as const), transfer: fc.nat(4) }) },
        {
          weight: 5,
          arbitrary: fc.record({
            kind: fc.constant("report" as const),
            transfer: fc.nat(4),
            intent: fc.nat(2),
          }),
        },
        { weight: 1, arbitrary: fc.constant({ kind: "mine" as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: "tick" as const }) },
      ),
      { minLength: 3, maxLength: 12 },
    ),
  })
  .map((s) => ({ ...s, paid: s.paid.slice(0, s.intents) }));

interface Transfer {
  txid: string;
  hex: Awaited<ReturnType<typeof buildIntentTransfer>>;
  /** The intent whose memo it carries; null for a stray. */
  owner: number | null;
  broadcast: boolean;
}

async function createIntent(): Promise<IntentForPayment> {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 1500 },
  });
  expect(res.status).toBe(201);
  return res.body as IntentForPayment;
}

const report = (intentId: string, txid: string) =>
  api.request(
    "POST",
    `/v1/payment_intents/${intentId}/submit?client_secret=${clientSecretsOf(api.deps.secrets).for(intentId)}`,
    { token: merchant.pk, body: { txid } },
  );

async function tick(): Promise<void> {
  await api.deps.db.updateTable("payment_transfers").set({ next_check_at: 0 }).execute();
  await api.deps.db.updateTable("transfer_reports").set({ next_check_at: 0 }).execute();
  await watcher.tick();
}

async function play(s: Scenario): Promise<void> {
  const intents = await Promise.all(Array.from({ length: s.intents }, () => createIntent()));
  // Every transfer is signed up front (its txid is known before it is broadcast, as in a mempool
  // race) by its own wallet, so the wallets' nonces never depend on the order of the steps.
  const transfers: Transfer[] = [];
  const owners = [...s.paid.flatMap((p, i) => (p ? [i] : [])), ...s.strays.map(() => null)];
  for (const [n, owner] of owners.entries()) {
    const wallet = wallets[n]!;
    const template = intents[owner ?? 0]!;
    const stray = owner === null;
    const tx = await buildIntentTransfer(
      stray ? { ...template, memo: `pi_stray_${Math.random().toString(36).slice(2, 10)}` } : template,
      wallet.privateKey,
      devnet.url,
      { omitMemo: stray && s.strays[n - (owners.length - s.strays.length)] === true },
    );
    transfers.push({ txid: `0x${tx.txid()}`, hex: tx, owner, broadcast: false });
  }
  const broadcast = async (t: Transfer) => {
    if (t.broadcast) return;
    await broadcastIntentTransfer(t.hex, devnet.url);
    t.broadcast = true;
  };

  for (const step of s.steps) {
    if (step.kind === "mine") await devnet.mineBlock();
    else if (step.kind === "tick") await tick();
    else {
      const t = transfers[step.transfer % Math.max(1, transfers.length)];
      if (!t) continue;
      if (step.kind === "broadcast") await broadcast(t);
      else {
        const target = intents[step.intent % intents.length]!;
        const res = await report(target.id, t.txid);
        if (t.owner !== null && intents[t.owner]!.id === target.id) {
          // An honest report is never refused, whoever reported the txid first.
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        } else {
          // A front-running or stray report: refused, or held as a hint that binds nothing.
          expect([200, 409]).toContain(res.status);
        }
      }
    }
  }
  for (const t of transfers) await broadcast(t);
  await devnet.mineBlock();
  await tick();
  await tick();

  const counted = await api.deps.db
    .selectFrom("payment_transfers")
    .select(["txid", "payment_intent_id", "state"])
    .where(
      "payment_intent_id",
      "in",
      intents.map((i) => i.id),
    )
    .execute();
  const strayTxids = transfers.filter((t) => t.owner === null).map((t) => t.txid);
  const strayCounted = await api.deps.db
    .selectFrom("payment_transfers")
    .select("txid")
    .where("txid", "in", [...strayTxids, "0x"])
    .execute();
  expect(strayCounted, "a transfer whose memo names no intent counts for none").toEqual([]);

  for (const [i, intent] of intents.entries()) {
    const own = transfers.find((t) => t.owner === i);
    const view = (await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: merchant.sk })).body;
    const mine = counted.filter((c) => c.payment_intent_id === intent.id);
    if (own) {
      expect(view, `intent ${i} is settled by its own transfer`).toMatchObject({
        status: "payment_settled",
        txid: own.txid,
        amount_received: intent.amount_asset,
      });
      expect(mine).toEqual([{ txid: own.txid, payment_intent_id: intent.id, state: "counted" }]);
    } else {
      expect(view, `unpaid intent ${i} stays unpaid`).toMatchObject({
        status: "requires_payment_method",
        amount_received: "0",
      });
      expect(mine).toEqual([]);
    }
  }
}

describe("the memo decides, under any interleaving", () => {
  it("every paid intent settles exactly from its own transfer; no transfer counts for two intents or for an intent it does not name", async () => {
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: 15, endOnFailure: true });
  }, 240_000);
});
