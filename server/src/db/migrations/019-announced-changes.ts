import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Writes no longer notify from inside their transaction.
 *
 * PostgreSQL takes one cluster-wide lock at the commit of every transaction that issued a NOTIFY,
 * and holds it through the commit's WAL flush: with a NOTIFY trigger on `payment_intents` and
 * `events`, every intent created on the cluster committed one at a time, however many processes
 * wrote. The writers now announce their changes after commit (db/announcements.ts,
 * services/write-transaction.ts), so both triggers go.
 *
 * The outbox also records which transaction wrote each event (`tx`). Once writes commit in
 * parallel, an event with a lower `seq` can commit after one with a higher `seq`; a reader that
 * resumes after the last `seq` it saw would skip it. Readers that resume from a position read in
 * `(tx, seq)` order and only events whose transaction is older than every transaction still in
 * flight (`pg_snapshot_xmin`): that set never grows behind them, so nothing is skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    drop trigger payment_intents_notify on payment_intents;
    drop function spay_notify_intent_change();
    drop trigger events_notify on events;
    drop function spay_notify_event();
    alter table events add column tx xid8 not null default pg_current_xact_id();
    create index events_workspace_position on events(workspace_id, tx, seq);
    `,
  );
}
