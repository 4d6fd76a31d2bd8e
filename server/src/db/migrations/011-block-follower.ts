import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * The watcher follows the chain block by block instead of asking the chain API
 * about every payout address. It records where it is (`chain_cursors`, one row per environment,
 * advanced in the same transaction as the block's effects) and the canonical blocks it processed
 * (`chain_blocks`, a bounded window kept for fork detection: a new block whose parent is not the
 * block recorded at the height below means the chain reorganized).
 *
 * Matching a block's transfers is by indexed lookups: the memo is unique already; the payout
 * address lookup (recipient → workspace) gets its index here, and transfers by block height (the
 * ones a fork takes away) get theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table chain_cursors (
      env text primary key check (env in ('test', 'live')),
      height integer not null,
      index_block_hash text not null,
      updated_at bigint not null
    );
    create table chain_blocks (
      env text not null check (env in ('test', 'live')),
      height integer not null,
      index_block_hash text not null,
      parent_index_block_hash text not null,
      tx_count integer not null,
      processed_at bigint not null,
      primary key (env, height)
    );
    create index payment_intents_recipient on payment_intents(recipient, env, seq);
    create index payment_transfers_block on payment_transfers(block_height) where block_height is not null;
  `,
  );
}
