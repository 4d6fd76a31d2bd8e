import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Settlement: every transaction seen for an intent is a `payment_transfers` row. Its txid is the
 * primary key, so a txid can never count for two intents; underpayment and top-ups are several
 * rows of one intent. Confirmations required are per environment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    drop index payment_intents_txid;
    create index payment_intents_txid on payment_intents(txid);
    alter table environments add column confirmations_required integer not null default 1
      check (confirmations_required between 1 and 100);
    create table payment_transfers (
      txid text primary key,
      payment_intent_id text not null references payment_intents(id) on delete cascade,
      source text not null check (source in ('submitted', 'discovered')),
      state text not null check (state in ('tracking', 'counted', 'failed', 'rejected')),
      amount numeric(78, 0),
      sender text,
      block_height bigint,
      reason text,
      created_at bigint not null,
      updated_at bigint not null,
      next_check_at bigint not null
    );
    create index payment_transfers_tracking on payment_transfers(next_check_at) where state = 'tracking';
    create index payment_transfers_intent on payment_transfers(payment_intent_id)
  `,
  );
}
