import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Every index on a table is one more entry written by every insert, and creating a payment intent
 * inserts into four tables. Three indexes no read needs any longer:
 * - `payment_intents_open (status, expires_at)`: expiry reads due rows from the watcher's
 *   `(env, status, expires_at)` index, naming both environments;
 * - `payment_intents_txid (txid)` indexed every new intent's empty txid: only intents with a
 *   transaction are ever looked up by it, so it holds only those;
 * - `events_workspace (workspace_id, seq)`: the event list pages in commit order, on
 *   `(workspace_id, tx, seq)`, as the event stream reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `drop index payment_intents_open;
     drop index payment_intents_txid;
     create index payment_intents_txid on payment_intents(txid) where txid is not null;
     drop index events_workspace;`,
  );
}
