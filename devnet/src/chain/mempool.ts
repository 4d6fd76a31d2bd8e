import type { DecodedTx } from "../tx/decode.ts";

/**
 * Transactions accepted by POST /v2/transactions and not yet mined, in arrival order.
 * Admission only accepts a sender's next nonce, so a sender's pending nonces are contiguous.
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

  remove(txid: string): void {
    this.pending.delete(txid);
  }

  /** The oldest `max` transactions. */
  peek(max: number): DecodedTx[] {
    return [...this.pending.values()].slice(0, max);
  }

  fromSender(sender: string): DecodedTx[] {
    return [...this.pending.values()].filter((tx) => tx.sender === sender);
  }

  /** The nonce a new transaction from `sender` must carry, given the nonce the chain expects. */
  nextNonce(sender: string, confirmedNonce: bigint): bigint {
    return confirmedNonce + BigInt(this.fromSender(sender).length);
  }

  /** STX the sender's pending transactions will spend at least: fees plus STX transfer amounts. */
  pendingStxSpend(sender: string): bigint {
    return this.fromSender(sender).reduce(
      (sum, tx) => sum + tx.fee + (tx.payload.kind === "token-transfer" ? tx.payload.amount : 0n),
      0n,
    );
  }
}
