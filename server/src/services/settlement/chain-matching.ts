import { normalizeTxid } from "../../chain/client.ts";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import type { Db } from "../../db/database.ts";
import { readTransferCall } from "../../domain/transfer-check.ts";
import type { Deps } from "../../http/context.ts";
import { awaitingTransfer } from "../refunds.ts";
import { tokensFor } from "../token-registry.ts";

/** Refund ids (`re_…`) are the memos of refund transfers. */
const REFUND_MEMO_PREFIX = "re_";

/**
 * The transactions of a block (or of the mempool) that concern sPay, found with two indexed
 * look-ups whatever the number of merchants: transfers of a token sPay settles in that pay a
 * payout address (`payment_intents_recipient`), and transactions already tracked for an intent
 * (`payment_transfers` by txid — a submitted txid, an x402 payment, a mempool sighting).
 */
export interface ChainMatches {
  /** Transfers paying a payout address, not yet attached to anything: to be routed by their memo. */
  toRoute: HiroTransaction[];
  /** Transactions of transfers being tracked: to be checked against what the chain now shows. */
  tracked: HiroTransaction[];
  /** Transfers whose memo names a pending refund: the merchant paying it back, maybe. */
  refunds: { refundId: string; tx: HiroTransaction }[];
}

export async function matchTransactions(
  db: Db,
  deps: Pick<Deps, "config">,
  env: "test" | "live",
  txs: readonly HiroTransaction[],
): Promise<ChainMatches> {
  const tokens = new Set(Object.values(tokensFor(deps.config, env)).map((t) => t.contractId));
  const transfers = txs.flatMap((tx) => {
    const call = readTransferCall(tx);
    return call?.recipient && tokens.has(call.tokenContract)
      ? [{ tx, recipient: call.recipient, memo: call.memo }]
      : [];
  });
  if (transfers.length === 0) return { toRoute: [], tracked: [], refunds: [] };
  const refundMemos = [
    ...new Set(transfers.flatMap((t) => (t.memo?.startsWith(REFUND_MEMO_PREFIX) ? [t.memo] : []))),
  ];
  const txids = [...new Set(transfers.map(({ tx }) => normalizeTxid(tx.tx_id)))];
  const recipients = [...new Set(transfers.map((t) => t.recipient))];
  const [tracked, unmatched, payees, pendingRefunds] = await Promise.all([
    db.selectFrom("payment_transfers").select(["txid", "state"]).where("txid", "in", txids).execute(),
    db.selectFrom("unmatched_transfers").select("txid").where("txid", "in", txids).execute(),
    db
      .selectFrom("payment_intents")
      .select("recipient")
      .distinct()
      .where("env", "=", env)
      .where("recipient", "in", recipients)
      .execute(),
    refundMemos.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("refunds")
          .select("id")
          .where("id", "in", refundMemos)
          .where("env", "=", env)
          .where(awaitingTransfer)
          .execute(),
  ]);
  const trackedState = new Map(tracked.map((r) => [r.txid, r.state]));
  const seen = new Set([...tracked.map((r) => r.txid), ...unmatched.map((r) => r.txid)]);
  const payouts = new Set(payees.map((r) => r.recipient));
  const refunding = new Set(pendingRefunds.map((r) => r.id));
  const matches: ChainMatches = { toRoute: [], tracked: [], refunds: [] };
  for (const { tx, recipient, memo } of transfers) {
    if (memo && refunding.has(memo)) {
      matches.refunds.push({ refundId: memo, tx });
      continue;
    }
    const txid = normalizeTxid(tx.tx_id);
    if (trackedState.get(txid) === "tracking") matches.tracked.push(tx);
    else if (!seen.has(txid) && payouts.has(recipient)) matches.toRoute.push(tx);
  }
  return matches;
}

/**
 * Hiro's lists may carry a transaction without all its events (`event_count` tells); settlement
 * reads amounts from the events, so those few are fetched whole — one call per transaction that
 * pays a merchant, never per merchant.
 */
export function lacksEvents(tx: HiroTransaction & { event_count?: number }): boolean {
  if (!tx.events) return true;
  return typeof tx.event_count === "number" && tx.events.length < tx.event_count;
}
