import type { Db } from "../../db/database.ts";
import type { PaymentTransferRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";

/**
 * Starts tracking `txid` as a transfer paying `intentId` (the watcher checks it from now on).
 * A txid is tracked for one intent at most: false when it already is (for any intent).
 */
export async function trackTransfer(
  db: Db,
  txid: string,
  intentId: string,
  source: PaymentTransferRow["source"],
): Promise<boolean> {
  const now = nowSeconds();
  const inserted = await db
    .insertInto("payment_transfers")
    .values({
      txid,
      payment_intent_id: intentId,
      source,
      state: "tracking",
      amount: null,
      sender: null,
      block_height: null,
      reason: null,
      created_at: now,
      updated_at: now,
      next_check_at: now,
    })
    .onConflict((oc) => oc.column("txid").doNothing())
    .returning("txid")
    .executeTakeFirst();
  return inserted !== undefined;
}
