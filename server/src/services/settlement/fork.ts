import { decide } from "@spay/protocol";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { transaction } from "../write-transaction.ts";
import { type ChainPosition, lockFollowing, readPosition } from "./chain-position.ts";
import { lockIntent } from "./observe-transfer.ts";
import { changeIntent } from "./transitions.ts";

/**
 * A fork took the blocks above `forkPoint` off the canonical chain. Nothing they did is kept
 * silently: every transfer they held is tracked again (the watcher looks it up, and the follower
 * sees it when the new branch mines it), each intent's timeline records `block_orphaned:<height>`
 * (an intent still confirming waits again; a settled one stays settled — final by its
 * environment's confirmations — and later reads `reconfirmed` or `transfer_reversed:…`), and
 * unassigned unmatched transfers from those blocks are forgotten until they are mined again, and a
 * refund whose transfer was confirming there waits for it again (its txid and block cleared).
 * The position moves back to the fork point in the same transaction; nothing happens if another
 * process moved it first.
 */
export async function orphanBlocksAbove(
  deps: Deps,
  env: "test" | "live",
  forkPoint: ChainPosition,
  from: ChainPosition,
): Promise<void> {
  const now = nowSeconds();
  await transaction(deps, async (trx) => {
    await lockFollowing(trx, env);
    const cursor = await readPosition(trx, env, { lock: true });
    if (cursor?.indexBlockHash !== from.indexBlockHash) return; // another process handled it
    const orphaned = await trx
      .selectFrom("payment_transfers as t")
      .innerJoin("payment_intents as pi", "pi.id", "t.payment_intent_id")
      .select(["t.txid", "t.block_height", "t.payment_intent_id"])
      .where("pi.env", "=", env)
      .where("t.block_height", ">", forkPoint.height)
      .where("t.state", "in", ["tracking", "counted"])
      .orderBy("t.block_height")
      .forUpdate()
      .execute();
    for (const { txid, block_height, payment_intent_id } of orphaned) {
      await trx
        .updateTable("payment_transfers")
        .set({
          state: "tracking",
          block_height: null,
          reason: "block_orphaned",
          next_check_at: now,
          updated_at: now,
        })
        .where("txid", "=", txid)
        .execute();
      const intent = await lockIntent(trx, payment_intent_id);
      const change = decide(intent, { kind: "orphaned", txid, height: block_height ?? forkPoint.height + 1 });
      if (change) await changeIntent(deps, trx, intent, change);
    }
    // A refund transfer still confirming in those blocks is awaited again; a refund already
    // succeeded is final by its environment's confirmations, like a settled payment.
    const refundsBack = await trx
      .updateTable("refunds")
      .set({ txid: null, block_height: null, status_reason: "block_orphaned", updated_at: now })
      .where("env", "=", env)
      .where("status", "=", "pending")
      .where("block_height", ">", forkPoint.height)
      .returning("id")
      .execute();
    await trx
      .deleteFrom("unmatched_transfers")
      .where("env", "=", env)
      .where("block_height", ">", forkPoint.height)
      .where("assigned_intent_id", "is", null)
      .execute();
    await trx
      .deleteFrom("chain_blocks")
      .where("env", "=", env)
      .where("height", ">", forkPoint.height)
      .execute();
    await trx
      .updateTable("chain_cursors")
      .set({ height: forkPoint.height, index_block_hash: forkPoint.indexBlockHash, updated_at: now })
      .where("env", "=", env)
      .execute();
    console.warn(
      `chain fork on ${env}: blocks ${forkPoint.height + 1}–${from.height} orphaned, ${orphaned.length} transfer(s) re-checked, ${refundsBack.length} refund(s) awaited again`,
    );
  });
}
