import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/** Where the block follower stands on one chain: the last canonical block it applied. */
export interface ChainPosition {
  height: number;
  indexBlockHash: string;
}

/**
 * Serializes the follower's writes per environment across processes (a transaction-scoped
 * advisory lock): taking the first position, applying a block, taking a fork back. Without it two
 * processes applying the same block before any position exists would both apply it, locking the
 * same intents in different orders.
 */
export async function lockFollowing(trx: Db, env: "test" | "live"): Promise<void> {
  await sql`select pg_advisory_xact_lock(${FOLLOW_LOCK[env]}::bigint)`.execute(trx);
}

/** Advisory lock keys of the follower ("sPay" in ASCII, then the environment). */
const FOLLOW_LOCK = { test: 0x73506179_01, live: 0x73506179_02 } as const;

/** The recorded position of `env`'s follower; `lock` holds its row until the transaction ends. */
export async function readPosition(
  db: Db,
  env: "test" | "live",
  options: { lock?: boolean } = {},
): Promise<ChainPosition | null> {
  const query = db.selectFrom("chain_cursors").select(["height", "index_block_hash"]).where("env", "=", env);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  return row ? { height: row.height, indexBlockHash: row.index_block_hash } : null;
}
