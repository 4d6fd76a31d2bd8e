import { normalizeTxid, TX_PAGE_LIMIT } from "../../chain/client.ts";
import type { ChainBlock, HiroBlock, HiroTransaction } from "../../chain/hiro-types.ts";
import type { Db } from "../../db/database.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { countRefundConfirmations, observeRefundTransfer } from "../refunds.ts";
import { transaction } from "../write-transaction.ts";
import { type ChainMatches, lacksEvents, matchTransactions } from "./chain-matching.ts";
import { type ChainPosition, lockFollowing, readPosition } from "./chain-position.ts";
import type { ChainClients } from "./chains.ts";
import { orphanBlocksAbove } from "./fork.ts";
import { countConfirmations, type ObserveOptions, observeTransfer } from "./observe-transfer.ts";
import { routeTransfer } from "./ownership.ts";

export interface FollowerOptions extends ObserveOptions {
  /** Where a follower without a recorded position starts: this many blocks below the tip. */
  initialLookback: number;
  /** A position further behind the tip than this is given up for `tip - initialLookback` (logged). */
  maxCatchUp: number;
  /** Canonical blocks remembered for fork detection (a deeper fork is followed from the oldest). */
  forkWindow: number;
  /** Time one `follow` may spend catching up before it lets the watcher do its other work. */
  budgetMs: number;
}

export const DEFAULT_FOLLOWER_OPTIONS: FollowerOptions = {
  initialLookback: 20,
  maxCatchUp: 10_000,
  forkWindow: 256,
  budgetMs: 2_000,
  dropAfterSeconds: 10 * 60,
  pendingRecheckSeconds: 15,
};

/** What applying a block did: `stale` when the recorded position is not the block's parent. */
export type BlockOutcome = "applied" | "stale";

/**
 * Follows one chain block by block: its chain-API calls grow with blocks and
 * their transactions — one call per block, one per page of its transactions, one per transaction
 * paying a merchant whose events the page left out — never with merchants or open intents.
 *
 * The position is recorded per environment in `chain_cursors` and moves in the same database
 * transaction as the block's effects, so a crash re-applies at most one block (idempotently), and
 * any number of processes may follow: a block applies only on top of the recorded position.
 */
export class BlockFollower {
  constructor(
    private readonly deps: Deps,
    private readonly chains: ChainClients,
    private readonly options: FollowerOptions = DEFAULT_FOLLOWER_OPTIONS,
  ) {}

  /**
   * Catches up with the chain tip (within the time budget); the number of blocks applied.
   * `afterRest`: nothing was watched on this chain until now (the watcher rested), so no intent
   * could have been paid in the blocks since the position; more than `initialLookback` behind, the
   * follower starts near the tip instead of reading every block it slept through.
   */
  async follow(env: "test" | "live", options: { afterRest?: boolean } = {}): Promise<number> {
    const chain = this.chains[env];
    const tip = await chain.getTipHeight();
    const maxBehind = options.afterRest ? this.options.initialLookback : this.options.maxCatchUp;
    let cursor = await this.position(env, tip, maxBehind);
    if (!cursor) return 0;
    const started = Date.now();
    let applied = 0;
    while (cursor.height < tip && Date.now() - started < this.options.budgetMs) {
      const block = await chain.getBlock(cursor.height + 1);
      if (!block) break; // the API has not indexed it yet
      if (block.parent_index_block_hash !== cursor.indexBlockHash) {
        cursor = await this.reorganize(env, cursor);
        continue;
      }
      const { txs, matches } = await this.transactionsOf(env, block);
      const outcome = await this.applyBlock(env, toChainBlock(block, txs), tip, matches);
      if (outcome === "applied") applied += 1;
      cursor = (await readPosition(this.deps.db, env)) ?? cursor;
    }
    await countConfirmations(this.deps, env, tip, this.options);
    await countRefundConfirmations(this.deps, env, tip);
    return applied;
  }

  /**
   * Applies one block on top of the recorded position, in one transaction: its transfers paying a
   * payout address are routed by memo, every tracked transfer it holds is checked with the block's
   * own copy of the transaction, and the position moves to it.
   */
  async applyBlock(
    env: "test" | "live",
    block: ChainBlock,
    tip: number,
    known?: ChainMatches,
  ): Promise<BlockOutcome> {
    const matches = known ?? (await matchTransactions(this.deps.db, this.deps, env, block.txs));
    return transaction(this.deps, async (trx) => {
      await lockFollowing(trx, env);
      const cursor = await readPosition(trx, env, { lock: true });
      if (cursor && cursor.indexBlockHash !== block.parentIndexBlockHash) return "stale";
      for (const tx of matches.toRoute) await routeTransfer(trx, this.deps.config, env, tx, null);
      for (const tx of [...matches.toRoute, ...matches.tracked])
        await observeTransfer(
          this.deps,
          trx,
          normalizeTxid(tx.tx_id),
          tx,
          Math.max(tip, block.height),
          this.options,
        );
      for (const { refundId, tx } of matches.refunds)
        await observeRefundTransfer(this.deps, trx, refundId, tx, Math.max(tip, block.height));
      await recordBlock(trx, env, block, this.options.forkWindow);
      return "applied";
    });
  }

  /** The recorded position; a follower without one starts a little below the tip. */
  private async position(
    env: "test" | "live",
    tip: number,
    maxBehind = this.options.maxCatchUp,
  ): Promise<ChainPosition | null> {
    const cursor = await readPosition(this.deps.db, env);
    if (cursor && tip - cursor.height <= maxBehind) return cursor;
    const start = await this.firstBlockFrom(env, Math.max(0, tip - this.options.initialLookback), tip);
    if (!start) return null;
    if (cursor && maxBehind === this.options.maxCatchUp)
      console.warn(
        `block follower for ${env} is ${tip - cursor.height} blocks behind; resuming at ${start.height}`,
      );
    return transaction(this.deps, async (trx) => {
      await lockFollowing(trx, env);
      // Another process may have taken (or moved) the position meanwhile: keep theirs.
      const now = await readPosition(trx, env, { lock: true });
      if (now && now.indexBlockHash !== cursor?.indexBlockHash) return now;
      await recordBlock(trx, env, toChainBlock(start, []), this.options.forkWindow);
      return { height: start.height, indexBlockHash: start.index_block_hash };
    });
  }

  /** The lowest block from `height` up to the tip the API has (a young chain starts above 0). */
  private async firstBlockFrom(env: "test" | "live", height: number, tip: number): Promise<HiroBlock | null> {
    for (let h = height; h <= tip; h++) {
      const block = await this.chains[env].getBlock(h);
      if (block) return block;
    }
    return null;
  }

  /**
   * The chain's block above our position does not build on it: walk down to the newest block we
   * recorded that is still canonical, and take back what the orphaned blocks did (fork.ts). An API
   * that does not know one of our blocks yet (a lagging node) is no evidence of a fork: try later.
   * No common block within the window is not a fork but another chain (a restarted devnet, a
   * changed `SPAY_STACKS_API_URL`): the follower starts again below its tip, taking nothing back.
   */
  private async reorganize(env: "test" | "live", cursor: ChainPosition): Promise<ChainPosition> {
    const chain = this.chains[env];
    const recorded = await this.deps.db
      .selectFrom("chain_blocks")
      .select(["height", "index_block_hash"])
      .where("env", "=", env)
      .where("height", "<=", cursor.height)
      .orderBy("height", "desc")
      .execute();
    for (const mine of recorded) {
      const canonical = await chain.getBlock(mine.height);
      if (!canonical) return cursor;
      if (canonical.index_block_hash === mine.index_block_hash) {
        const forkPoint = { height: mine.height, indexBlockHash: mine.index_block_hash };
        await orphanBlocksAbove(this.deps, env, forkPoint, cursor);
        return (await readPosition(this.deps.db, env)) ?? forkPoint;
      }
    }
    console.warn(`block follower for ${env}: no block in common with the chain API; following it anew`);
    await this.deps.db.deleteFrom("chain_cursors").where("env", "=", env).execute();
    await this.deps.db.deleteFrom("chain_blocks").where("env", "=", env).execute();
    return (await this.position(env, await chain.getTipHeight())) ?? cursor;
  }

  /**
   * Every transaction of a block (page by page), with whole copies of the ones that pay a merchant,
   * and which of them concern sPay (the matches `applyBlock` acts on).
   */
  private async transactionsOf(
    env: "test" | "live",
    block: HiroBlock,
  ): Promise<{ txs: HiroTransaction[]; matches: ChainMatches }> {
    const chain = this.chains[env];
    const txs: HiroTransaction[] = [];
    for (let offset = 0; offset < block.tx_count; offset += TX_PAGE_LIMIT) {
      const page = await chain.getBlockTransactions(block.index_block_hash, offset);
      txs.push(...page.results);
      if (page.results.length === 0) break;
    }
    const matches = await matchTransactions(this.deps.db, this.deps, env, txs);
    const incomplete = new Set(
      [...matches.toRoute, ...matches.tracked, ...matches.refunds.map((r) => r.tx)]
        .filter(lacksEvents)
        .map((tx) => normalizeTxid(tx.tx_id)),
    );
    if (incomplete.size === 0) return { txs, matches };
    const whole = new Map<string, HiroTransaction>();
    for (const txid of incomplete) {
      const tx = await chain.getTransaction(txid);
      if (tx) whole.set(txid, tx);
    }
    const complete = (tx: HiroTransaction) => whole.get(normalizeTxid(tx.tx_id)) ?? tx;
    return {
      txs: txs.map(complete),
      matches: {
        toRoute: matches.toRoute.map(complete),
        tracked: matches.tracked.map(complete),
        refunds: matches.refunds.map((r) => ({ ...r, tx: complete(r.tx) })),
      },
    };
  }
}

function toChainBlock(block: HiroBlock, txs: readonly HiroTransaction[]): ChainBlock {
  return {
    height: block.height,
    indexBlockHash: block.index_block_hash,
    parentIndexBlockHash: block.parent_index_block_hash,
    txs,
  };
}

/** Records a processed canonical block and moves the position to it; forgets blocks past the window. */
async function recordBlock(trx: Db, env: "test" | "live", block: ChainBlock, window: number): Promise<void> {
  const now = nowSeconds();
  await trx
    .insertInto("chain_blocks")
    .values({
      env,
      height: block.height,
      index_block_hash: block.indexBlockHash,
      parent_index_block_hash: block.parentIndexBlockHash,
      tx_count: block.txs.length,
      processed_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["env", "height"]).doUpdateSet({
        index_block_hash: block.indexBlockHash,
        parent_index_block_hash: block.parentIndexBlockHash,
        tx_count: block.txs.length,
        processed_at: now,
      }),
    )
    .execute();
  await trx
    .insertInto("chain_cursors")
    .values({ env, height: block.height, index_block_hash: block.indexBlockHash, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("env")
        .doUpdateSet({ height: block.height, index_block_hash: block.indexBlockHash, updated_at: now }),
    )
    .execute();
  if (block.height % 64 === 0)
    await trx
      .deleteFrom("chain_blocks")
      .where("env", "=", env)
      .where("height", "<", block.height - window)
      .execute();
}
