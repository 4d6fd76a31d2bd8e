import { counts, decide, type Observation } from "@spay/protocol";
import { sql } from "kysely";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow, PaymentTransferRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import { checkTransfer, type TransferObservation } from "../../domain/transfer-check.ts";
import type { Deps } from "../../http/context.ts";
import { tokensFor } from "../token-registry.ts";
import { transaction } from "../write-transaction.ts";
import { changeIntent } from "./transitions.ts";

export interface ObserveOptions {
  /** A submitted txid the chain still does not know after this long counts as dropped. */
  dropAfterSeconds: number;
  /**
   * How long a transfer waiting in the mempool rests before it is looked up again. The block
   * follower sees it the moment it is mined; the look-up only notices a transaction dropped.
   */
  pendingRecheckSeconds: number;
}

/**
 * Checks one tracked transfer against the transaction the chain shows (`tx`, null when unknown)
 * and writes what it means: the transfer row and, through `decide`, the intent. Locks the transfer
 * (skipping it when another process holds it) and its intent; nothing when it is no longer tracked.
 */
export async function observeTransfer(
  deps: Deps,
  trx: Db,
  txid: string,
  tx: HiroTransaction | null,
  tip: number,
  options: ObserveOptions,
): Promise<void> {
  const transfer = await trx
    .selectFrom("payment_transfers")
    .selectAll()
    .where("txid", "=", txid)
    .where("state", "=", "tracking")
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!transfer) return; // settled meanwhile, or another process holds it
  const intent = await lockIntent(trx, transfer.payment_intent_id);
  const token = tokensFor(deps.config, intent.env)[intent.asset];
  const observation = checkTransfer(tx, {
    tokenContract: intent.token_contract,
    assetName: token.assetName,
    recipient: intent.recipient,
    // Only the gateway's own bindings skip the memo; a reported txid never does.
    memo: transfer.source === "assigned" || transfer.source === "x402" ? null : intent.memo,
  });
  await applyObservation(deps, trx, intent, transfer, observation, tip, options);
}

export function lockIntent(trx: Db, intentId: string): Promise<PaymentIntentRow> {
  return trx
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", intentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
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
  options: ObserveOptions,
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
  const apply = async (seen: Observation): Promise<void> => {
    const change = decide(intent, seen);
    if (change) await changeIntent(deps, trx, intent, change);
  };

  switch (observation.kind) {
    case "unknown": {
      if (now - transfer.created_at < options.dropAfterSeconds)
        return updateTransfer({ next_check_at: now + 1 });
      await updateTransfer({ state: "failed", reason: "dropped" });
      return apply({ kind: "dropped", txid });
    }
    case "pending": {
      await updateTransfer({ next_check_at: now + options.pendingRecheckSeconds });
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
      const final = counts(confirmations, required);
      // What is counted for the intent once this transfer counts too.
      const received = final ? (await countedAmount(trx, intent.id)) + observation.amount : 0n;
      // Mined: from now on the block follower counts its confirmations (no look-up needed).
      await updateTransfer({
        amount: observation.amount.toString(),
        sender: observation.sender,
        block_height: observation.blockHeight,
        ...(final ? { state: "counted" as const, reason: null } : {}),
      });
      return apply({ kind: "paid", txid, confirmations, required, received });
    }
  }
}

/**
 * Mined transfers still short of their confirmations, re-counted at a new tip from what was
 * recorded when their block was processed — no chain look-up per transfer.
 */
export async function countConfirmations(
  deps: Deps,
  env: "test" | "live",
  tip: number,
  options: ObserveOptions,
): Promise<void> {
  const waiting = await deps.db
    .selectFrom("payment_transfers as t")
    .innerJoin("payment_intents as pi", "pi.id", "t.payment_intent_id")
    .select(["t.txid"])
    .where("t.state", "=", "tracking")
    .where("t.block_height", "is not", null)
    .where("pi.env", "=", env)
    .execute();
  for (const { txid } of waiting) {
    await transaction(deps, async (trx) => {
      const transfer = await trx
        .selectFrom("payment_transfers")
        .selectAll()
        .where("txid", "=", txid)
        .where("state", "=", "tracking")
        .where("block_height", "is not", null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!transfer || transfer.block_height === null || transfer.amount === null || transfer.sender === null)
        return;
      const intent = await lockIntent(trx, transfer.payment_intent_id);
      const observation: TransferObservation = {
        kind: "paid",
        amount: BigInt(transfer.amount),
        sender: transfer.sender,
        blockHeight: transfer.block_height,
      };
      await applyObservation(deps, trx, intent, transfer, observation, tip, options);
    });
  }
}

export async function confirmationsRequired(db: Db, environmentId: string): Promise<number> {
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
