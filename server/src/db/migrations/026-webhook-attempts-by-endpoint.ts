import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * An endpoint's delivery log reads its attempts newest first (`where endpoint_id = ? order by seq
 * desc limit n`), and every endpoint view reads its newest attempt (`distinct on (endpoint_id) …
 * order by endpoint_id, seq desc`). Attempts were indexed by event only, so both read every attempt
 * of every endpoint — a log that grows with each delivery, retries included — to find one
 * endpoint's few; deleting an endpoint scanned them all too, for its cascade. With
 * `(endpoint_id, seq)` each is one descending range. It costs an index entry per attempt, written
 * by the webhook worker off the payment path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(db, "create index webhook_attempts_endpoint on webhook_attempts(endpoint_id, seq);");
}
