import { type Kysely, sql } from "kysely";

/**
 * Creating a payment intent ran four foreign-key checks: the intent's workspace and environment,
 * its first status event's intent and its outbox event's workspace. Each is a query of its own
 * inside the insert (PostgreSQL runs a `select … for key share` per checked row), and three of
 * them lock the same rows — the merchant's workspace and environment — so a busy merchant's
 * creates all share a lock on one row, and a settings change that holds it (`for update`) stalls
 * every create behind it. On the hot path they were a quarter of PostgreSQL's time per create.
 *
 * The references stay true without them: an intent and an event are only ever written for the
 * workspace and environment of the API key that was just authenticated, and a status event with
 * its intent (in one statement, or with the intent locked). What the keys gave besides — deleting
 * a workspace or an environment deletes its intents and events, deleting an intent its status
 * events — is kept by the triggers below, in the deleting statement's transaction. A create
 * already past authentication when its workspace is deleted could still commit afterwards; the
 * deletion sweeps once more after every process has dropped the workspace's keys
 * (services/workspaces.ts).
 *
 * `(workspace_id, status, seq)` goes too: one more index entry per create, and a list filtered by
 * status pages just as well on `(workspace_id, seq)`, reading past the rows of other statuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_intents drop constraint payment_intents_workspace_id_fkey`.execute(db);
  await sql`alter table payment_intents drop constraint payment_intents_environment_id_fkey`.execute(db);
  await sql`alter table events drop constraint events_workspace_id_fkey`.execute(db);
  await sql`alter table payment_events drop constraint payment_events_payment_intent_id_fkey`.execute(db);
  await sql`drop index payment_intents_workspace_status`.execute(db);
  await deleteWith(db, "workspaces", [
    "delete from events where workspace_id in (select id from gone)",
    "delete from payment_intents where workspace_id in (select id from gone)",
  ]);
  await deleteWith(db, "environments", [
    "delete from payment_intents where environment_id in (select id from gone)",
  ]);
  await deleteWith(db, "payment_intents", [
    "delete from payment_events where payment_intent_id in (select id from gone)",
  ]);
}

/**
 * After a statement deletes rows of `parent`, deletes what belonged to them, in the same
 * transaction (`gone`: the deleted rows). One statement each: PL/pgSQL bodies contain `;`.
 */
async function deleteWith(db: Kysely<unknown>, parent: string, deletes: string[]): Promise<void> {
  const name = `spay_delete_${parent}_rows`;
  await sql
    .raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        ${deletes.map((d) => `${d};`).join("\n        ")}
        return null;
      end
      $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${parent}_delete_rows after delete on ${parent}
      referencing old table as gone
      for each statement execute function ${name}()`)
    .execute(db);
}
