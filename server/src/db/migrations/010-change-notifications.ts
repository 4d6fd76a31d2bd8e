import { type Kysely, sql } from "kysely";

/**
 * The database announces its own changes: every committed change to a payment
 * intent and every event appended to the outbox sends a small `pg_notify('spay_changes', …)`, which
 * the server's change feed fans out to open SSE streams (no stream polls while nothing changes).
 *
 * Triggers, not calls in the services: every writer notifies (the settlement watcher, the API, the
 * x402 facilitator, a future one) and none can forget. NOTIFY is delivered on commit and dropped on
 * rollback, so a stream never sees a state that did not happen. Identical payloads in one
 * transaction are sent once. Payloads carry ids only (well under the 8000-byte limit): a listener
 * re-reads the row through its own access checks.
 *
 * Intents notify on update only: a stream opens on an intent that already exists (it reads it after
 * subscribing), so an insert is never news to one. Updates that change nothing do not notify.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement each: PL/pgSQL bodies contain `;`, which executeScript would split on.
  await sql`
    create function spay_notify_intent_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('spay_changes',
        json_build_object('kind', 'intent', 'id', new.id, 'workspace_id', new.workspace_id)::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger payment_intents_notify after update on payment_intents
      for each row when (old.* is distinct from new.*)
      execute function spay_notify_intent_change()`.execute(db);
  await sql`
    create function spay_notify_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('spay_changes',
        json_build_object('kind', 'event', 'workspace_id', new.workspace_id, 'env', new.env, 'seq', new.seq)::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger events_notify after insert on events
      for each row execute function spay_notify_event()`.execute(db);
}
