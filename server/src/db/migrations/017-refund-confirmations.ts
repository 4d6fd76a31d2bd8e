import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * A refund transfer is tracked like a payment's: it counts once its block has the
 * environment's confirmations, not as soon as it is mined.
 *
 * `refunds.block_height` is the block that mined the merchant's transfer (`txid`) while the refund
 * is still `pending` and confirming; a fork that orphans that block clears both, and the block
 * follower sees the transfer again when the new branch mines it. A refund the merchant canceled
 * is still matched for a while (`refunds_canceled`): a transfer sent before the cancel counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table refunds add column block_height integer;
    create index refunds_confirming on refunds(env, block_height) where status = 'pending' and block_height is not null;
    create index refunds_canceled on refunds(env, failed_at) where status = 'failed' and status_reason = 'canceled';
    `,
  );
}
