import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * The memo decides which intent a transfer pays:
 * - `transfer_reports`: a txid reported for an intent is a hint to look at, never a claim. Many
 *   intents may report the same txid; each report is resolved once the chain shows the
 *   transaction (matched its memo, names another intent, unmatched, or never found), and a
 *   report never binds the txid to the reporting intent.
 * - `payment_transfers.source` also takes `assigned` (the merchant assigned an unmatched
 *   transfer) and `x402` (the facilitator verified the signed transfer against an issued
 *   requirement before creating the intent): bindings made by the gateway, not by a reporter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table transfer_reports (
      txid text not null,
      payment_intent_id text not null references payment_intents(id) on delete cascade,
      state text not null check (state in ('pending', 'matched', 'not_for_intent', 'unmatched', 'not_found')),
      reason text,
      created_at bigint not null,
      updated_at bigint not null,
      next_check_at bigint not null,
      primary key (payment_intent_id, txid)
    );
    create index transfer_reports_due on transfer_reports(next_check_at) where state = 'pending';

    alter table payment_transfers drop constraint payment_transfers_source_check;
    alter table payment_transfers add constraint payment_transfers_source_check
      check (source in ('submitted', 'discovered', 'assigned', 'x402'));
  `,
  );
}
