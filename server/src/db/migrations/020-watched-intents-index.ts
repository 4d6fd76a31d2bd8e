import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * The settlement watcher asks on every tick whether an environment has anything to watch
 * (`exists … where env = ? and status in (…)`). With only `(status, expires_at)` and
 * `(env, created_at)` to go on, PostgreSQL answered with a bitmap AND of both, which reads every
 * open intent's index entry before it can say yes: ~1,500 entries a tick while intents were being
 * created, most of the database's reads per create. With `(env, status, expires_at)` the answer is
 * one index lookup, whatever the number of open intents; the late-payment window (`status in
 * (expired, failed) and expires_at > ?`) is one range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    "create index payment_intents_env_status on payment_intents(env, status, expires_at);",
  );
}
