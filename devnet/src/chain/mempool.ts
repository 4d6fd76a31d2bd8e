import { type DecodedTx, nonceOf } from "../tx/decode.ts";

/**
 * Transactions accepted by POST /v2/transactions and not yet mined, in arrival order.
 * Admission only accepts an account's next nonce, so an account's pending nonces are contiguous,
 * whether it spends them as origin or as the sponsor of another's transaction.
 */
export class Mempool {
  private readonly pending = new Map<string, DecodedTx>();

  get size(): number {
    return this.pending.size;
  }

  has(txid: string): boolean {
    return this.pending.has(txid);
  }

  add(tx: DecodedTx): void {
    this.pending.set(tx.txid, tx);
  }

  /** Puts transactions ahead of those waiting (in the given order), e.g. those a fork orphaned. */
  addFirst(txs: readonly DecodedTx[]): void {
    const waiting = [...this.pending.values()].filter((tx) => !txs.some((t) => t.txid === tx.txid));
    this.pending.clear();
    for (const tx of [...txs, ...waiting]) this.pending.set(tx.txid, tx);
  }

  remove(txid: string): void {
    this.pending.delete(txid);
  }

  /** The oldest `max` transactions. */
  peek(max: number): DecodedTx[] {
    return [...this.pending.values()].slice(0, max);
  }

  /** Pending transactions that spend a nonce of `account` (as origin or sponsor), in nonce order. */
  usingNonceOf(account: string): DecodedTx[] {
    return [...this.pending.values()]
      .filter((tx) => nonceOf(tx, account) !== undefined)
      .sort((a, b) => Number((nonceOf(a, account) ?? 0n) - (nonceOf(b, account) ?? 0n)));
  }

  /** The nonces of `account` that pending transactions spend, ascending. */
  pendingNonces(account: string): bigint[] {
    return this.usingNonceOf(account).map((tx) => nonceOf(tx, account) ?? 0n);
  }

  /** The nonce a new transaction of `account` (as origin or sponsor) must carry, given the chain's. */
  nextNonce(account: string, confirmedNonce: bigint): bigint {
    return confirmedNonce + BigInt(this.usingNonceOf(account).length);
  }

  /**
   * STX pending transactions will spend of `account` at least: the fees it pays (its own, or those
   * of transactions it sponsors) plus its STX transfer amounts.
   */
  pendingStxSpend(account: string): bigint {
    return [...this.pending.values()].reduce(
      (sum, tx) =>
        sum +
        (tx.feePayer === account ? tx.fee : 0n) +
        (tx.sender === account && tx.payload.kind === "token-transfer" ? tx.payload.amount : 0n),
      0n,
    );
  }
}
