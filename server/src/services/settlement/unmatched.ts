import { type ApiUnmatchedTransfer, decide } from "@spay/protocol";
import { sql } from "kysely";
import { normalizeTxid } from "../../chain/client.ts";
import type { Db } from "../../db/database.ts";
import type { UnmatchedTransferRow } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { recordAudit } from "../audit-log.ts";
import type { Page } from "../pagination.ts";
import { recordPaymentEvent } from "../payment-intents.ts";
import { transaction } from "../write-transaction.ts";
import { trackTransfer } from "./track-transfer.ts";
import { changeIntent } from "./transitions.ts";

/**
 * Transfers into a payout address whose memo names no intent. They settle
 * nothing by themselves; the merchant sees them and may assign one to an intent by hand.
 */
/** The API's `unmatched_transfer` object (its type is generated from the OpenAPI document). */
export type UnmatchedTransferView = ApiUnmatchedTransfer;

export function unmatchedTransferView(row: UnmatchedTransferRow): UnmatchedTransferView {
  return {
    id: row.txid,
    object: "unmatched_transfer",
    txid: row.txid,
    env: row.env,
    recipient: row.recipient,
    token_contract: row.token_contract,
    asset: row.asset,
    amount: String(row.amount),
    sender: row.sender,
    memo: row.memo,
    block_height: row.block_height === null ? null : Number(row.block_height),
    assigned_payment_intent: row.assigned_intent_id,
    assigned_at: row.assigned_at === null ? null : Number(row.assigned_at),
    created_at: Number(row.created_at),
  };
}

function scoped(db: Db, scope: WorkspaceScope) {
  return db.selectFrom("unmatched_transfers").where(ownedBy(scope, "unmatched_transfers"));
}

/** Newest first, paged by txid cursors like every list (keyset on created_at, txid). */
export async function listUnmatchedTransfers(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination,
  url: string,
): Promise<Page<UnmatchedTransferView>> {
  const cursorId = page.starting_after ?? page.ending_before;
  const param = page.starting_after ? "starting_after" : "ending_before";
  let query = scoped(deps.db, scope)
    .selectAll()
    // A transfer some intent counts (e.g. x402's own, seen before it was bound) is no longer unmatched.
    .where((eb) =>
      eb.or([
        eb("assigned_intent_id", "is not", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("payment_transfers as pt")
              .select("pt.txid")
              .whereRef("pt.txid", "=", "unmatched_transfers.txid"),
          ),
        ),
      ]),
    );
  let ascending = false;
  if (cursorId) {
    const cursor = await scoped(deps.db, scope)
      .select(["created_at", "txid"])
      .where("txid", "=", normalizeTxid(cursorId))
      .executeTakeFirst();
    if (!cursor)
      throw new ApiError("parameter_invalid", {
        message: `No such object for ${param}: '${cursorId}'`,
        param,
      });
    ascending = param === "ending_before";
    query = query.where(
      ascending
        ? sql<boolean>`(created_at, txid) > (${cursor.created_at}, ${cursor.txid})`
        : sql<boolean>`(created_at, txid) < (${cursor.created_at}, ${cursor.txid})`,
    );
  }
  const direction = ascending ? "asc" : "desc";
  const rows = await query
    .orderBy("created_at", direction)
    .orderBy("txid", direction)
    .limit(page.limit + 1)
    .execute();
  const data = rows.slice(0, page.limit).map(unmatchedTransferView);
  return { object: "list", data: ascending ? data.reverse() : data, has_more: rows.length > page.limit, url };
}

/**
 * The merchant assigns an unmatched transfer to an intent of the same workspace, environment,
 * payout address and token. The transfer then counts for it through the normal settlement path
 * (a `payment_transfers` row of source `assigned` the watcher verifies on chain), and the
 * assignment is audit-logged in the same transaction. A transfer counts for one intent only.
 */
export async function assignUnmatchedTransfer(
  deps: Deps,
  scope: WorkspaceScope,
  rawTxid: string,
  intentId: string,
  ip: string | null,
): Promise<UnmatchedTransferView> {
  const txid = normalizeTxid(rawTxid);
  return transaction(deps, async (trx) => {
    const transfer = await scoped(trx, scope)
      .selectAll()
      .where("txid", "=", txid)
      .forUpdate()
      .executeTakeFirst();
    if (!transfer) throw notFound("unmatched_transfer", txid, "txid");
    const counted = await trx
      .selectFrom("payment_transfers")
      .select("txid")
      .where("txid", "=", txid)
      .executeTakeFirst();
    if (transfer.assigned_intent_id !== null || counted) throw new ApiError("transfer_already_assigned");
    const intent = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", intentId)
      .where("workspace_id", "=", scope.workspaceId)
      .where("env", "=", transfer.env)
      .where((eb) =>
        transfer.environment_id === null ? eb.val(true) : eb("environment_id", "=", transfer.environment_id),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!intent) throw notFound("payment_intent", intentId, "payment_intent");
    if (intent.recipient !== transfer.recipient || intent.token_contract !== transfer.token_contract)
      throw new ApiError("transfer_intent_mismatch", { param: "payment_intent" });
    // Assignable: still open, or expired unpaid (the transfer then counts as paid late).
    const { status } = intent;
    const change = decide(intent, { kind: "assigned", txid });
    if (!change)
      throw new ApiError("payment_intent_unexpected_state", {
        message: `This PaymentIntent has a status of ${status}.`,
        param: "payment_intent",
      });
    const now = nowSeconds();
    if (!(await trackTransfer(trx, txid, intent.id, "assigned")))
      throw new ApiError("transfer_already_assigned");
    const assignedBy = scope.principal.kind === "api_key" ? scope.principal.keyId : scope.principal.userId;
    const updated = await trx
      .updateTable("unmatched_transfers")
      .set({ assigned_intent_id: intent.id, assigned_at: now, assigned_by: assignedBy })
      .where("txid", "=", txid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await changeIntent(deps, trx, intent, change);
    // An expired intent keeps its status: its timeline still shows the assignment.
    if (change.status === undefined)
      await recordPaymentEvent(trx, intent.id, status, status, { reason: "assigned_by_merchant", txid });
    await recordAudit(trx, {
      action: "transfer.assigned",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "unmatched_transfer", id: txid },
      details: { payment_intent: intent.id, amount: String(transfer.amount), asset: transfer.asset },
    });
    return unmatchedTransferView(updated);
  });
}
