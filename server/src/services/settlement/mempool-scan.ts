import { normalizeTxid, TX_PAGE_LIMIT } from "../../chain/client.ts";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import type { Deps } from "../../http/context.ts";
import { transaction } from "../write-transaction.ts";
import { matchTransactions } from "./chain-matching.ts";
import type { ChainClients } from "./chains.ts";
import { type ObserveOptions, observeTransfer } from "./observe-transfer.ts";
import { routeTransfer } from "./ownership.ts";

/**
 * Transfers still in the mempool that pay a payout address under an intent's memo — a QR payment
 * from a phone wallet nobody reported — are tracked now, so the checkout shows "pending" before
 * the block; the block follower settles them. Reads at most `maxPages` pages of the mempool
 * (newest first): the cost is bounded and does not grow with merchants. Submitted txids do not
 * need this (the submit call looks them up at once).
 */
export async function scanMempool(
  deps: Deps,
  chains: ChainClients,
  env: "test" | "live",
  options: ObserveOptions & { maxPages: number },
): Promise<number> {
  const chain = chains[env];
  const txs: HiroTransaction[] = [];
  for (let page = 0; page < options.maxPages; page++) {
    const { results, total } = await chain.getMempool(page * TX_PAGE_LIMIT);
    txs.push(...results);
    if (results.length < TX_PAGE_LIMIT || txs.length >= total) break;
  }
  const { toRoute } = await matchTransactions(deps.db, deps, env, txs);
  let tracked = 0;
  for (const tx of toRoute) {
    await transaction(deps, async (trx) => {
      const outcome = await routeTransfer(trx, deps.config, env, tx, null);
      if (outcome.kind !== "intent" || !outcome.tracked) return;
      tracked += 1;
      await observeTransfer(deps, trx, normalizeTxid(tx.tx_id), tx, 0, options);
    });
  }
  return tracked;
}
