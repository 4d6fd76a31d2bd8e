import type { z } from "@hono/zod-openapi";
import {
  counts,
  decide,
  formatUsdMicros,
  MICROS_PER_CENT,
  REFUND_EVENT,
  REFUNDABLE_STATUSES,
  type RefundReason,
} from "@spay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
import { normalizeTxid } from "../chain/client.ts";
import type { HiroTransaction } from "../chain/hiro-types.ts";
import type { Db } from "../db/database.ts";
import type { Database, PaymentIntentRow, RefundRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { checkTransfer } from "../domain/transfer-check.ts";
import type { Deps } from "../http/context.ts";
import type { Pagination } from "../http/openapi.ts";
import type { RefundSchema } from "../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { recordAudit } from "./audit-log.ts";
import { payerAddress, recordSucceededRefund } from "./customers.ts";
import { recordEvent } from "./events.ts";
import { fetchPage, type Page } from "./pagination.ts";
import { confirmationsRequired } from "./settlement/observe-transfer.ts";
import { changeIntent } from "./settlement/transitions.ts";
import { tokensFor } from "./token-registry.ts";
import { transaction } from "./write-transaction.ts";

/**
 * Refunds, non-custodially: sPay never holds the money, so a refund is a promise
 * the merchant keeps from the payout wallet — a transfer of exactly the refund's amount, in the
 * payment's token, to the address that paid, with the refund id as memo — and sPay proves it on
 * chain (the block follower, {@link observeRefundTransfer}). `pending → succeeded | failed`.
 */
export type RefundView = z.infer<typeof RefundSchema>;

export function refundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    object: "refund",
    payment_intent: row.payment_intent_id,
    customer: row.customer_id,
    amount: row.amount,
    amount_minor: row.amount_minor,
    amount_micros: String(row.amount_micros),
    currency: "usd",
    asset: row.asset as RefundView["asset"],
    token_contract: row.token_contract,
    source: row.source,
    destination: row.destination,
    memo: row.id,
    reason: row.reason as RefundReason,
    status: row.status,
    status_reason: row.status_reason,
    txid: row.txid,
    metadata: row.metadata,
    env: row.env,
    created_at: row.created_at,
    succeeded_at: row.succeeded_at,
    failed_at: row.failed_at,
  };
}

/** A refund the merchant canceled fails with this reason; its transfer, if mined later, still counts. */
export const CANCELED = "canceled";

/**
 * Refunds a transfer carrying their id may still pay: pending ones, and ones the merchant canceled
 * (a transfer already sent when they canceled is mined all the same: the money went back, so sPay
 * counts it — see {@link observeRefundTransfer}).
 */
export function awaitingTransfer(eb: ExpressionBuilder<Database, "refunds">) {
  return eb.or([
    eb("status", "=", "pending"),
    eb.and([eb("status", "=", "failed"), eb("status_reason", "=", CANCELED)]),
  ]);
}

export interface CreateRefundInput {
  payment_intent: string;
  /** Atomic units of the asset; default everything that remains refundable. */
  amount?: bigint | undefined;
  /**
   * Or the dollars to return, in whole cents: the asset amount is that share of what the payment
   * paid for its price (rounded up, so the payer never gets less), and the refund keeps the
   * dollars exactly.
   */
  amount_minor?: number | undefined;
  reason: RefundReason;
  metadata?: Record<string, string> | undefined;
}

/** Refunds pending or succeeded hold part of the payment: what they add up to, atomic units and micro-dollars. */
async function outstanding(trx: Db, intentId: string): Promise<{ amount: bigint; micros: bigint }> {
  const row = await trx
    .selectFrom("refunds")
    .select([
      sql<string>`coalesce(sum(amount), 0)::text`.as("amount"),
      sql<string>`coalesce(sum(amount_micros), 0)::text`.as("micros"),
    ])
    .where("payment_intent_id", "=", intentId)
    .where("status", "in", ["pending", "succeeded"])
    .executeTakeFirstOrThrow();
  return { amount: BigInt(row.amount), micros: BigInt(row.micros) };
}

/**
 * Creates a refund of a settled payment, to the address that paid it. The intent's row is locked
 * first, so two refunds racing for the same payment are decided one after the other: each sees
 * what the other holds, and never more than what was received is promised back.
 */
export async function createRefund(
  deps: Deps,
  scope: WorkspaceScope,
  input: CreateRefundInput,
  ip: string | null,
): Promise<RefundView> {
  return transaction(deps, async (trx) => {
    const intent = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", input.payment_intent)
      .where(ownedBy(scope, "payment_intents"))
      .forUpdate()
      .executeTakeFirst();
    if (!intent) throw notFound("payment_intent", input.payment_intent, "payment_intent");
    if (!REFUNDABLE_STATUSES.includes(intent.status))
      throw new ApiError("payment_not_refundable", {
        message: `This payment cannot be refunded: its status is ${intent.status}`,
        param: "payment_intent",
      });
    const destination = await payerAddress(trx, intent.id);
    if (!destination) throw new ApiError("payer_unknown", { param: "payment_intent" });
    const received = BigInt(intent.amount_received);
    const held = await outstanding(trx, intent.id);
    const refundable = received - held.amount;
    if (refundable <= 0n && input.amount === undefined)
      throw new ApiError("payment_not_refundable", {
        message: "Nothing remains to refund on this payment (refunds pending or succeeded hold all of it)",
        param: "payment_intent",
      });
    if (input.amount !== undefined && input.amount_minor !== undefined)
      throw new ApiError("parameter_invalid", {
        message: "Give the refund in the asset (amount) or in cents (amount_minor), not both",
        param: "amount_minor",
      });
    const inDollars =
      input.amount_minor === undefined ? null : dollarsShare(intent, received, held, input.amount_minor);
    const amount = inDollars?.amount ?? input.amount ?? refundable;
    if (amount <= 0n)
      throw new ApiError("parameter_invalid", { message: "amount must be positive", param: "amount" });
    if (amount > refundable)
      throw new ApiError("refund_exceeds_refundable", {
        message: `The refund (${amount}) is larger than what remains refundable on this payment (${refundable} of ${received})`,
        param: "amount",
      });
    const row = await trx
      .insertInto("refunds")
      .values({
        id: newId("refund"),
        workspace_id: intent.workspace_id,
        environment_id: intent.environment_id,
        env: intent.env,
        payment_intent_id: intent.id,
        customer_id: intent.customer_id,
        asset: intent.asset,
        token_contract: intent.token_contract,
        amount: amount.toString(),
        amount_micros: inDollars?.micros ?? refundMicros(intent, amount, received, held),
        source: intent.recipient,
        destination,
        reason: input.reason,
        status: "pending",
        status_reason: null,
        txid: null,
        metadata: JSON.stringify(input.metadata ?? {}),
        created_at: nowSeconds(),
        updated_at: nowSeconds(),
        succeeded_at: null,
        failed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = refundView(row);
    await recordEvent(trx, {
      workspaceId: row.workspace_id,
      env: row.env,
      type: REFUND_EVENT.created,
      object: view,
    });
    await recordAudit(trx, {
      action: "refund.created",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "refund", id: row.id },
      details: { payment_intent: intent.id, amount: row.amount, asset: row.asset, reason: row.reason },
    });
    return view;
  });
}

/**
 * A refund given in cents: the share of the price's asset amount those dollars are of what the
 * payment was worth, rounded up and never past what remains refundable. Refused when the dollars
 * exceed what the payment brought less the refunds pending or succeeded.
 */
function dollarsShare(
  intent: PaymentIntentRow,
  received: bigint,
  held: { amount: bigint; micros: bigint },
  cents: number,
): { amount: bigint; micros: number } {
  const micros = BigInt(cents) * BigInt(MICROS_PER_CENT);
  const paid = BigInt(intent.amount_micros);
  const left = paid > held.micros ? paid - held.micros : 0n;
  if (micros <= 0n)
    throw new ApiError("parameter_invalid", {
      message: "amount_minor must be positive",
      param: "amount_minor",
    });
  if (micros > left)
    throw new ApiError("refund_exceeds_refundable", {
      message: `The refund (${formatUsdMicros(micros)}) is larger than what remains refundable on this payment (${formatUsdMicros(left)} of ${formatUsdMicros(paid)})`,
      param: "amount_minor",
    });
  const due = BigInt(intent.amount_asset);
  const price = received < due ? received : due;
  const share = paid === 0n ? 0n : (price * micros + paid - 1n) / paid;
  const refundable = received - held.amount;
  return { amount: share < refundable ? share : refundable, micros: Number(micros) };
}

/**
 * The dollars a refund returns, in micro-dollars. Refunds first give back what the payer sent over
 * the price (the excess, `amount_received − amount_asset`), which carries no dollars: the merchant
 * keeps the full price. Only the part of the refunds that goes below the price returns dollars,
 * its share of the payment's over `amount_asset`; the refund that takes the last of what was
 * received takes the micro-dollars left, so a payment refunded in parts adds up exactly.
 */
function refundMicros(
  intent: PaymentIntentRow,
  amount: bigint,
  received: bigint,
  held: { amount: bigint; micros: bigint },
): number {
  const paid = BigInt(intent.amount_micros);
  if (held.amount + amount >= received) return Number(paid > held.micros ? paid - held.micros : 0n);
  const due = BigInt(intent.amount_asset);
  const price = received < due ? received : due;
  const excess = received - price;
  const belowPrice = (refunded: bigint) => (refunded > excess ? refunded - excess : 0n);
  const share = belowPrice(held.amount + amount) - belowPrice(held.amount);
  if (share === 0n) return 0;
  return Number((share * paid) / price);
}

async function findRefund(db: Db, scope: WorkspaceScope, id: string): Promise<RefundRow> {
  const row = await db
    .selectFrom("refunds")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "refunds"))
    .executeTakeFirst();
  if (!row) throw notFound("refund", id);
  return row;
}

export async function getRefund(deps: Deps, scope: WorkspaceScope, id: string): Promise<RefundView> {
  return refundView(await findRefund(deps.db, scope, id));
}

export async function listRefunds(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { payment_intent?: string | undefined },
  url: string,
): Promise<Page<RefundView>> {
  let query = deps.db.selectFrom("refunds").selectAll().where(ownedBy(scope, "refunds"));
  if (page.payment_intent) query = query.where("payment_intent_id", "=", page.payment_intent);
  const result = await fetchPage(deps.db, "refunds", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map(refundView) };
}

/** Fails a pending refund the merchant will not pay: what it held becomes refundable again. */
export async function cancelRefund(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  ip: string | null,
): Promise<RefundView> {
  return transaction(deps, async (trx) => {
    const current = await trx
      .selectFrom("refunds")
      .selectAll()
      .where("id", "=", id)
      .where(ownedBy(scope, "refunds"))
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound("refund", id);
    if (current.status !== "pending")
      throw new ApiError("refund_unexpected_state", {
        message: `You cannot cancel this refund because it has a status of ${current.status}.`,
      });
    if (current.txid !== null)
      throw new ApiError("refund_unexpected_state", {
        message: `You cannot cancel this refund: its transfer ${current.txid} is on chain and confirming.`,
      });
    const failed = await failRefund(trx, current, CANCELED);
    await recordAudit(trx, {
      action: "refund.canceled",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "refund", id },
      details: { payment_intent: current.payment_intent_id, amount: current.amount },
    });
    return refundView(failed);
  });
}

async function failRefund(trx: Db, refund: RefundRow, reason: string): Promise<RefundRow> {
  const now = nowSeconds();
  const failed = await trx
    .updateTable("refunds")
    .set({ status: "failed", status_reason: reason, failed_at: now, updated_at: now })
    .where("id", "=", refund.id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordEvent(trx, {
    workspaceId: failed.workspace_id,
    env: failed.env,
    type: REFUND_EVENT.failed,
    object: refundView(failed),
  });
  return failed;
}

/**
 * What a chain transaction carrying a pending refund's memo means for it (the block follower calls
 * this in the block's transaction, `tip` the chain's height). It counts — once, the txid is unique
 * among refunds — only if it succeeded, moved exactly the refund's amount of the payment's token to
 * the payer, and came from the merchant's payout address. Like a payment's transfer, it is final
 * only when its block has the environment's confirmations: until then the refund stays `pending`
 * with the txid, its block and `confirmations:k/n` ({@link countRefundConfirmations} counts on; a
 * fork clears them, settlement/fork.ts). Once final the refund `succeeded`, the intent records what
 * was refunded (`decide`, kind "refunded") and the customer's totals move. A transfer that does not
 * match is not counted and the refund stays pending (its reason says why); one the merchant's own
 * address sent that aborted fails the refund. Anyone else's transaction carrying the memo, or a
 * second transaction while one is confirming, changes nothing.
 */
export async function observeRefundTransfer(
  deps: Deps,
  trx: Db,
  refundId: string,
  tx: HiroTransaction,
  tip: number,
): Promise<void> {
  // Waits for the row (no SKIP LOCKED): the block is applied once, so a transfer skipped here —
  // while a cancel or a confirmation count holds the refund — would never be seen again.
  const refund = await trx
    .selectFrom("refunds")
    .selectAll()
    .where("id", "=", refundId)
    .where(awaitingTransfer)
    .forUpdate()
    .executeTakeFirst();
  if (!refund) return; // succeeded or failed meanwhile
  if (tx.sender_address !== refund.source) return;
  const txid = normalizeTxid(tx.tx_id);
  if (refund.txid !== null && refund.txid !== txid) return; // its transfer is confirming
  const token = tokensFor(deps.config, refund.env)[refund.asset as RefundView["asset"]];
  const observation = checkTransfer(tx, {
    tokenContract: refund.token_contract,
    assetName: token.assetName,
    recipient: refund.destination,
    memo: refund.id,
  });
  const now = nowSeconds();
  const notCounted = (reason: string) =>
    trx
      .updateTable("refunds")
      .set({ status_reason: `transfer_rejected:${reason}`, updated_at: now })
      .where("id", "=", refund.id)
      .execute();
  // A canceled refund is already failed: only its transfer paying it changes anything.
  if (refund.status === "failed" && observation.kind !== "paid") return;
  switch (observation.kind) {
    case "unknown":
    case "pending":
      return;
    case "failed":
      await failRefund(trx, refund, `transaction_failed:${observation.reason}`);
      return;
    case "rejected":
      await notCounted(observation.reason);
      return;
    case "paid": {
      if (observation.amount !== BigInt(refund.amount)) return void (await notCounted("wrong_amount"));
      const used = await trx
        .selectFrom("refunds")
        .select("id")
        .where("txid", "=", txid)
        .where("id", "!=", refund.id)
        .executeTakeFirst();
      if (used) return void (await notCounted("txid_already_counted"));
      await confirmRefund(deps, trx, refund, txid, observation.blockHeight, tip);
      return;
    }
  }
}

/**
 * Refunds whose transfer is mined but short of its confirmations, counted again at a new tip from
 * the block recorded when it was seen — no chain look-up per refund.
 */
export async function countRefundConfirmations(deps: Deps, env: "test" | "live", tip: number): Promise<void> {
  const confirming = await deps.db
    .selectFrom("refunds")
    .select("id")
    .where("env", "=", env)
    .where("status", "=", "pending")
    .where("block_height", "is not", null)
    .execute();
  for (const { id } of confirming) {
    await transaction(deps, async (trx) => {
      const refund = await lockPendingRefund(trx, id);
      if (!refund || refund.txid === null || refund.block_height === null) return;
      await confirmRefund(deps, trx, refund, refund.txid, refund.block_height, tip);
    });
  }
}

function lockPendingRefund(trx: Db, id: string): Promise<RefundRow | undefined> {
  return trx
    .selectFrom("refunds")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "pending")
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/**
 * A matching refund transfer mined at `blockHeight`: still confirming at `tip` (the refund keeps
 * the txid, its block and how many confirmations it has), or final — the refund succeeds.
 */
async function confirmRefund(
  deps: Deps,
  trx: Db,
  refund: RefundRow,
  txid: string,
  blockHeight: number,
  tip: number,
): Promise<void> {
  const now = nowSeconds();
  const confirmations = tip - blockHeight + 1;
  const required = await confirmationsRequired(trx, refund.environment_id);
  if (!counts(confirmations, required)) {
    await trx
      .updateTable("refunds")
      .set({
        status: "pending",
        failed_at: null,
        txid,
        block_height: blockHeight,
        status_reason: `confirmations:${Math.max(confirmations, 0)}/${required}`,
        updated_at: now,
      })
      .where("id", "=", refund.id)
      .execute();
    return;
  }
  const succeeded = await trx
    .updateTable("refunds")
    .set({
      status: "succeeded",
      status_reason: null,
      txid,
      block_height: blockHeight,
      succeeded_at: now,
      failed_at: null,
      updated_at: now,
    })
    .where("id", "=", refund.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const intent = await trx
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", refund.payment_intent_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const refunded = await trx
    .selectFrom("refunds")
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as("total"))
    .where("payment_intent_id", "=", intent.id)
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  const change = decide(intent, {
    kind: "refunded",
    txid,
    refunded: BigInt(refunded.total),
    received: BigInt(intent.amount_received),
  });
  if (change) await changeIntent(deps, trx, intent, change);
  await recordSucceededRefund(trx, succeeded.customer_id ?? intent.customer_id, succeeded.amount_micros);
  await recordEvent(trx, {
    workspaceId: succeeded.workspace_id,
    env: succeeded.env,
    type: REFUND_EVENT.succeeded,
    object: refundView(succeeded),
  });
}
