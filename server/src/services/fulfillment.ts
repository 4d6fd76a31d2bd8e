import { PAID_STATUSES } from "@spay/protocol";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { type PaymentIntentView, paymentIntentView } from "./payment-intents.ts";
import { announceOnCommit, transaction } from "./write-transaction.ts";

/** What a merchant may set on a settled payment (SPEC.md §4; `not_required` is the initial value). */
export const SETTABLE_FULFILLMENT_STATUSES = ["processing", "shipped", "delivered", "completed"] as const;
export type SettableFulfillmentStatus = (typeof SETTABLE_FULFILLMENT_STATUSES)[number];

/** The reason written on the payment's timeline when its fulfillment changes. */
export function fulfillmentReason(status: SettableFulfillmentStatus): string {
  return `fulfillment_${status}`;
}

/**
 * Sets the fulfillment status of a settled payment and records the change on the payment's event
 * timeline (status stays `payment_settled`), in one transaction.
 */
export async function setFulfillmentStatus(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  status: SettableFulfillmentStatus,
): Promise<PaymentIntentView> {
  return transaction(deps, async (trx) => {
    const row = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", id)
      .where(ownedBy(scope, "payment_intents"))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("payment_intent", id);
    if (!PAID_STATUSES.includes(row.status)) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `Fulfillment can only be set on a paid payment (settled, or refunded in part or in full); this one is ${row.status}`,
        param: "fulfillment_status",
      });
    }
    if (row.fulfillment_status === status) return paymentIntentView(deps, row);
    const now = nowSeconds();
    const updated = await trx
      .updateTable("payment_intents")
      .set({ fulfillment_status: status, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    announceOnCommit(trx, { kind: "intent", id, workspace_id: row.workspace_id });
    await trx
      .insertInto("payment_events")
      .values({
        id: newId("paymentEvent"),
        payment_intent_id: id,
        from_status: row.status,
        to_status: row.status,
        reason: fulfillmentReason(status),
        txid: null,
        created_at: now,
      })
      .execute();
    return paymentIntentView(deps, updated);
  });
}
