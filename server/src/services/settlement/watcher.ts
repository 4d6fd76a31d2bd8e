import { counts, decide, LATE_STATUSES, type Observation, OPEN_STATUSES } from "@spay/protocol";
import { sql } from "kysely";
import { ChainUnavailableError, normalizeTxid } from "../../chain/client.ts";
import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow, PaymentTransferRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import { checkTransfer, type TransferObservation } from "../../domain/transfer-check.ts";
import type { Deps } from "../../http/context.ts";
import { PeriodicTask } from "../periodic-task.ts";
import { tokensFor } from "../token-registry.ts";
import type { ChainClients } from "./chains.ts";
import { routeTransfer } from "./ownership.ts";
import { resolveReport } from "./reports.ts";
import { changeIntent } from "./transitions.ts";

export interface WatcherOptions {
  /** How often due transfers are checked. */
  intervalMs: number;
  /** How often payout addresses are scanned for transfers carrying an open intent's memo. */
  discoveryIntervalMs: number;
  /** A submitted txid the chain still does not know after this long counts as dropped. */
  dropAfterSeconds: number;
  /** Intents that expired less than this long ago are still watched for late payments. */
  lateWindowSeconds: number;
}

export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = {
  intervalMs: 1_000,
  discoveryIntervalMs: 5_000,
  dropAfterSeconds: 10 * 60,
  lateWindowSeconds: 24 * 3600,
};

const BATCH = 100;

/**
 * Moves intents along the chain's evidence. Safe with any number of processes on one database:
 * each transfer is re-read and locked with FOR UPDATE SKIP LOCKED before anything changes, and
 * every decision is re-checked against the locked rows.
 */
export class SettlementWatcher {
  private readonly loop: PeriodicTask;
  private lastDiscovery = 0;
  /** Per environment: when the chain may be asked again after failures, and the current backoff. */
  private readonly backoff = new Map<"test" | "live", { until: number; delayMs: number }>();

  constructor(
    private readonly deps: Deps,
    private readonly chains: ChainClients,
    private readonly options: WatcherOptions = DEFAULT_WATCHER_OPTIONS,
  ) {
    this.loop = new PeriodicTask("settlement watcher tick", this.options.intervalMs, () => this.tick());
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: expire, discover (throttled), then check every due transfer. */
  async tick(now = Date.now()): Promise<void> {
    await expireIntents(this.deps);
    if (now - this.lastDiscovery >= this.options.discoveryIntervalMs) {
      this.lastDiscovery = now;
      for (const env of ["test", "live"] as const) await this.guarded(env, () => this.discover(env));
    }
    for (const env of ["test", "live"] as const) await this.guarded(env, () => this.checkDueReports(env));
    for (const env of ["test", "live"] as const) await this.guarded(env, () => this.checkDueTransfers(env));
  }

  /** Resolves txids reported for intents that the chain did not know yet (see reports.ts). */
  private async checkDueReports(env: "test" | "live"): Promise<boolean> {
    const due = await this.deps.db
      .selectFrom("transfer_reports as r")
      .innerJoin("payment_intents as pi", "pi.id", "r.payment_intent_id")
      .select(["r.txid", "r.payment_intent_id"])
      .where("r.state", "=", "pending")
      .where("r.next_check_at", "<=", nowSeconds())
      .where("pi.env", "=", env)
      .orderBy("r.next_check_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) return false;
    const chain = this.chains[env];
    for (const { txid, payment_intent_id } of due) {
      const tx = await chain.getTransaction(txid);
      await this.deps.db.transaction().execute(async (trx) => {
        const intent = await trx
          .selectFrom("payment_intents")
          .selectAll()
          .where("id", "=", payment_intent_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const report = await trx
          .selectFrom("transfer_reports")
          .selectAll()
          .where("payment_intent_id", "=", payment_intent_id)
          .where("txid", "=", txid)
          .where("state", "=", "pending")
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!report) return; // resolved meanwhile, or another process holds it
        await resolveReport(this.deps, trx, intent, txid, tx, report.created_at, this.options);
      });
    }
    return true;
  }

  /**
   * Runs chain work for one environment unless it is backing off; failures grow the backoff, and
   * only an answer from the chain (work returning true) resets it.
   */
  private async guarded(env: "test" | "live", work: () => Promise<boolean>): Promise<void> {
    const state = this.backoff.get(env);
    if (state && state.until > Date.now()) return;
    try {
      if (await work()) this.backoff.delete(env);
    } catch (err) {
      if (!(err instanceof ChainUnavailableError)) throw err;
      const delayMs = Math.min(30_000, (state?.delayMs ?? 500) * 2);
      this.backoff.set(env, { until: Date.now() + delayMs, delayMs });
      console.warn(`chain API for ${env} unavailable (${err.message}); retrying in ${delayMs} ms`);
    }
  }

  private async checkDueTransfers(env: "test" | "live"): Promise<boolean> {
    const due = await this.deps.db
      .selectFrom("payment_transfers as t")
      .innerJoin("payment_intents as pi", "pi.id", "t.payment_intent_id")
      .select(["t.txid"])
      .where("t.state", "=", "tracking")
      .where("t.next_check_at", "<=", nowSeconds())
      .where("pi.env", "=", env)
      .orderBy("t.next_check_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) return false;
    const chain = this.chains[env];
    const tip = await chain.getTipHeight();
    for (const { txid } of due) {
      const tx = await chain.getTransaction(txid);
      await this.deps.db.transaction().execute(async (trx) => {
        const transfer = await trx
          .selectFrom("payment_transfers")
          .selectAll()
          .where("txid", "=", txid)
          .where("state", "=", "tracking")
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!transfer) return; // settled meanwhile, or another process holds it
        const intent = await trx
          .selectFrom("payment_intents")
          .selectAll()
          .where("id", "=", transfer.payment_intent_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const token = tokensFor(this.deps.config, intent.env)[intent.asset];
        const observation = checkTransfer(tx, {
          tokenContract: intent.token_contract,
          assetName: token.assetName,
          recipient: intent.recipient,
          // Only the gateway's own bindings skip the memo; a reported txid never does.
          memo: transfer.source === "assigned" || transfer.source === "x402" ? null : intent.memo,
        });
        await applyObservation(this.deps, trx, intent, transfer, observation, tip, this.options);
      });
    }
    return true;
  }

  /**
   * Scans the payout addresses of open (or recently expired) intents: each transaction not seen
   * before is routed by its memo (routeTransfer) — to the intent it names, or to the unmatched
   * transfers of the address's workspace.
   */
  private async discover(env: "test" | "live"): Promise<boolean> {
    const now = nowSeconds();
    const recipients = await this.deps.db
      .selectFrom("payment_intents")
      .select("recipient")
      .distinct()
      .where("env", "=", env)
      .where((eb) =>
        eb.or([
          eb("status", "in", [...OPEN_STATUSES]),
          eb.and([
            eb("status", "in", [...LATE_STATUSES]),
            eb("expires_at", ">", now - this.options.lateWindowSeconds),
          ]),
        ]),
      )
      .limit(1_000)
      .execute();
    const chain = this.chains[env];
    for (const { recipient } of recipients) {
      const txs = (await chain.getTransfersOf(recipient)).map(({ tx }) => tx);
      const seen = await this.seenTxids(txs.map((tx) => normalizeTxid(tx.tx_id)));
      for (const tx of txs) {
        if (seen.has(normalizeTxid(tx.tx_id))) continue;
        await this.deps.db
          .transaction()
          .execute((trx) => routeTransfer(trx, this.deps.config, env, tx, null));
      }
    }
    return recipients.length > 0;
  }

  /** Txids already attached to an intent or kept as unmatched. */
  private async seenTxids(txids: string[]): Promise<Set<string>> {
    if (txids.length === 0) return new Set();
    const [tracked, unmatched] = await Promise.all([
      this.deps.db.selectFrom("payment_transfers").select("txid").where("txid", "in", txids).execute(),
      this.deps.db.selectFrom("unmatched_transfers").select("txid").where("txid", "in", txids).execute(),
    ]);
    return new Set([...tracked, ...unmatched].map((r) => r.txid));
  }
}

/**
 * Records one observation of one transfer, and writes what it means for the intent (`decide`,
 * @spay/protocol): the transfer's own state here, the intent's through changeIntent.
 */
export async function applyObservation(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  transfer: PaymentTransferRow,
  observation: TransferObservation,
  tip: number,
  options: Pick<WatcherOptions, "dropAfterSeconds">,
): Promise<void> {
  const now = nowSeconds();
  const { txid } = transfer;
  const updateTransfer = async (values: Partial<Omit<PaymentTransferRow, "txid">>): Promise<void> => {
    await trx
      .updateTable("payment_transfers")
      .set({ updated_at: now, ...values })
      .where("txid", "=", txid)
      .execute();
  };
  const recheckSoon = () => updateTransfer({ next_check_at: now + 1 });
  const apply = async (seen: Observation): Promise<void> => {
    const change = decide(intent, seen);
    if (change) await changeIntent(deps, trx, intent, change);
  };

  switch (observation.kind) {
    case "unknown": {
      if (now - transfer.created_at < options.dropAfterSeconds) return recheckSoon();
      await updateTransfer({ state: "failed", reason: "dropped" });
      return apply({ kind: "dropped", txid });
    }
    case "pending": {
      await recheckSoon();
      return apply({ kind: "pending", txid });
    }
    case "failed":
    case "rejected": {
      const reason =
        observation.kind === "failed"
          ? `transaction_failed:${observation.reason}`
          : `transfer_rejected:${observation.reason}`;
      await updateTransfer({ state: observation.kind, reason });
      return apply({ kind: observation.kind, txid, reason: observation.reason });
    }
    case "paid": {
      const confirmations = tip - observation.blockHeight + 1;
      const required = await confirmationsRequired(trx, intent.environment_id);
      await updateTransfer({
        amount: observation.amount.toString(),
        sender: observation.sender,
        block_height: observation.blockHeight,
      });
      const final = counts(confirmations, required);
      // What is counted for the intent once this transfer counts too.
      const received = final ? (await countedAmount(trx, intent.id)) + observation.amount : 0n;
      await updateTransfer(final ? { state: "counted", reason: null } : { next_check_at: now + 1 });
      return apply({ kind: "paid", txid, confirmations, required, received });
    }
  }
}

async function confirmationsRequired(db: Db, environmentId: string): Promise<number> {
  const env = await db
    .selectFrom("environments")
    .select("confirmations_required")
    .where("id", "=", environmentId)
    .executeTakeFirst();
  return env?.confirmations_required ?? 1;
}

async function countedAmount(db: Db, intentId: string): Promise<bigint> {
  const row = await db
    .selectFrom("payment_transfers")
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("payment_intent_id", "=", intentId)
    .where("state", "=", "counted")
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Moves unpaid intents past their expiry to `expired`, claiming rows so processes never collide. */
export async function expireIntents(deps: Deps, now = nowSeconds()): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("status", "in", [...OPEN_STATUSES])
      .where("expires_at", "<=", now)
      .orderBy("expires_at")
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const intent of due) {
      const change = decide(intent, { kind: "expired", now });
      if (change) await changeIntent(deps, trx, intent, change);
    }
    return due.length;
  });
}
