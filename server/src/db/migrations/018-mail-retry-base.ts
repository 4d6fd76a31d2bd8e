import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * A mail's attempt number never goes back.
 *
 * The mail worker takes the attempt number when it claims a mail and writes the result only while
 * it is unchanged, so a claim that outlived its lease cannot overwrite a newer claim's result.
 * Resetting `attempt_count` on a manual retry (`POST /v1/mail/{id}/retry`) would let such a stale
 * claim match again once the retried mail is claimed; so `attempt_count` only grows, and the retry
 * records it in `attempts_at_retry`: the retry schedule and the API's `attempts` count the
 * attempts since (0 until the mail is first retried by hand).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table mail_outbox add column attempts_at_retry integer not null default 0;
    `,
  );
}
