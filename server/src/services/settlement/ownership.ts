import { assetIdentifier, type TokenInfo } from "@spay/protocol";
import { normalizeTxid } from "../../chain/client.ts";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import { creditedTo, readTransferCall } from "../../domain/transfer-check.ts";
import { tokensFor } from "../token-registry.ts";
import { lockIntent } from "./observe-transfer.ts";
import { trackTransfer } from "./track-transfer.ts";

/**
 * Who a chain transaction pays, decided by the transaction alone. Whoever
 * reported the txid has no say: a transfer belongs to the intent whose memo it carries — same
 * environment, same payout recipient, same token — or, when it pays a payout address under no
 * such memo, to that workspace as an unmatched transfer the merchant may assign by hand.
 */
export type TransferOwner =
  | { kind: "intent"; intent: PaymentIntentRow }
  | {
      kind: "unmatched";
      workspaceId: string;
      environmentId: string | null;
      recipient: string;
      token: TokenInfo;
      memo: string | null;
    }
  | { kind: "none"; reason: "not_a_transfer" | "unknown_token" | "not_a_payout_address" | "x402_payment" };

export async function ownerOfTransfer(
  db: Db,
  config: Config,
  env: "test" | "live",
  tx: HiroTransaction,
): Promise<TransferOwner> {
  const call = readTransferCall(tx);
  if (!call?.recipient) return { kind: "none", reason: "not_a_transfer" };
  const token = Object.values(tokensFor(config, env)).find((t) => t.contractId === call.tokenContract);
  if (!token) return { kind: "none", reason: "unknown_token" };
  if (call.memo) {
    const intent = await db
      .selectFrom("payment_intents")
      .selectAll()
      .where("memo", "=", call.memo)
      .where("env", "=", env)
      .where("recipient", "=", call.recipient)
      .where("token_contract", "=", call.tokenContract)
      .executeTakeFirst();
    if (intent) return { kind: "intent", intent };
  }
  // The x402 facilitator binds the transfers it verified itself (payment_transfers source x402).
  const x402 = await db
    .selectFrom("x402_payments")
    .select("txid")
    .where("txid", "=", normalizeTxid(tx.tx_id))
    .executeTakeFirst();
  if (x402) return { kind: "none", reason: "x402_payment" };
  // Whose payout address it is: the workspace that most recently asked to be paid there.
  const payee = await db
    .selectFrom("payment_intents")
    .select(["workspace_id", "environment_id"])
    .where("recipient", "=", call.recipient)
    .where("env", "=", env)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!payee) return { kind: "none", reason: "not_a_payout_address" };
  return {
    kind: "unmatched",
    workspaceId: payee.workspace_id,
    environmentId: payee.environment_id,
    recipient: call.recipient,
    token,
    memo: call.memo,
  };
}

/** What routing a transaction did: tracked for its owner, kept as unmatched, or nothing (yet). */
export type RouteOutcome =
  | { kind: "intent"; intent: PaymentIntentRow; tracked: boolean }
  | { kind: "unmatched"; recorded: boolean }
  | { kind: "unmatched_not_final" }
  | { kind: "none"; reason: string };

/**
 * The one place a seen transaction is attached to anything: to the intent its memo names (a
 * `payment_transfers` row the watcher then checks), or to the unmatched transfers of the payout
 * address's workspace once it is final (successful and canonical; the amount is what the token's
 * transfer events moved). Idempotent: a txid already attached stays where it is.
 */
export async function routeTransfer(
  db: Db,
  config: Config,
  env: "test" | "live",
  tx: HiroTransaction,
  reporterIntentId: string | null,
): Promise<RouteOutcome> {
  const owner = await ownerOfTransfer(db, config, env, tx);
  const txid = normalizeTxid(tx.tx_id);
  const now = nowSeconds();
  switch (owner.kind) {
    case "none":
      return owner;
    case "intent": {
      const source = owner.intent.id === reporterIntentId ? "submitted" : "discovered";
      // The intent is locked before its transfer row is written, in every path (a reported txid
      // locks it first too): the other order deadlocks against a report of the same transfer.
      await lockIntent(db, owner.intent.id);
      const tracked = await trackTransfer(db, txid, owner.intent.id, source);
      return { kind: "intent", intent: owner.intent, tracked };
    }
    case "unmatched": {
      if (tx.tx_status === "pending" || (tx.tx_status === "success" && tx.canonical === false))
        return { kind: "unmatched_not_final" };
      if (tx.tx_status !== "success") return { kind: "none", reason: `transaction_failed:${tx.tx_status}` };
      const credited = creditedTo(tx, assetIdentifier(owner.token), owner.recipient);
      if (!credited || credited.amount <= 0n) return { kind: "none", reason: "nothing_moved" };
      const inserted = await db
        .insertInto("unmatched_transfers")
        .values({
          txid,
          workspace_id: owner.workspaceId,
          environment_id: owner.environmentId,
          env,
          recipient: owner.recipient,
          token_contract: owner.token.contractId,
          asset: owner.token.asset,
          amount: credited.amount.toString(),
          sender: credited.sender,
          memo: owner.memo,
          block_height: tx.block_height ?? null,
          assigned_intent_id: null,
          assigned_at: null,
          assigned_by: null,
          created_at: now,
        })
        .onConflict((oc) => oc.column("txid").doNothing())
        .returning("txid")
        .executeTakeFirst();
      return { kind: "unmatched", recorded: inserted !== undefined };
    }
  }
}
