import { createHash, randomBytes } from "node:crypto";
import type { ClarityValue } from "@stacks/transactions";
import { type ChainEvent, principalsOf } from "../tx/chain-events.ts";
import { type DecodedTx, nonceUses } from "../tx/decode.ts";

export type MinedStatus = "success" | "abort_by_response" | "abort_by_post_condition";
export type DroppedStatus = "dropped_stale_garbage_collect" | "dropped_problematic";

/** How a mined transaction ended. Aborted transactions keep no events but still paid fee and nonce. */
export interface TxOutcome {
  readonly status: MinedStatus;
  readonly result: ClarityValue;
  readonly events: readonly ChainEvent[];
  readonly vmError: string | null;
  readonly blockHeight: number;
  readonly txIndex: number;
}

export type TxRecord =
  | { readonly state: "pending"; readonly tx: DecodedTx; readonly receiptTime: number }
  | {
      readonly state: "mined";
      readonly tx: DecodedTx;
      readonly receiptTime: number;
      readonly outcome: TxOutcome;
    }
  | {
      readonly state: "dropped";
      readonly tx: DecodedTx;
      readonly receiptTime: number;
      readonly status: DroppedStatus;
      readonly reason: string;
    };

export interface BlockRecord {
  readonly height: number;
  readonly hash: string;
  readonly indexHash: string;
  readonly parentHash: string;
  readonly parentIndexHash: string;
  readonly burnHeight: number;
  readonly burnHash: string;
  /** Unix seconds, wall clock of the devnet when the block was produced. */
  readonly time: number;
  readonly txids: readonly string[];
}

/** Block hashes are derived from the height and a per-devnet salt: a restarted devnet is a new chain. */
function hash(salt: string, label: string): string {
  return `0x${createHash("sha256").update(`spay-devnet:${salt}:${label}`).digest("hex")}`;
}

/** Normalizes a txid from a URL or client: lower case, 0x-prefixed. */
export function normalizeTxid(txid: string): string {
  const bare = txid.toLowerCase().replace(/^0x/, "");
  return `0x${bare}`;
}

/** The devnet's memory of what happened: blocks, transactions, nonces and per-address history. */
export class Ledger {
  private readonly blocks = new Map<number, BlockRecord>();
  private readonly txs = new Map<string, TxRecord>();
  private readonly nonces = new Map<string, bigint>();
  private readonly history = new Map<string, string[]>();
  private tipHeight: number;
  private readonly salt = randomBytes(8).toString("hex");

  constructor(genesis: { height: number; burnHeight: number; time: number }) {
    this.tipHeight = genesis.height;
    this.blocks.set(genesis.height, this.makeBlock(genesis.height, genesis.burnHeight, genesis.time, []));
  }

  tip(): BlockRecord {
    const block = this.blocks.get(this.tipHeight);
    if (!block) throw new Error("ledger has no tip");
    return block;
  }

  block(height: number): BlockRecord | undefined {
    return this.blocks.get(height);
  }

  tx(txid: string): TxRecord | undefined {
    return this.txs.get(normalizeTxid(txid));
  }

  /** The next nonce the chain state expects from an address (ignores the mempool). */
  confirmedNonce(address: string): bigint {
    return this.nonces.get(address) ?? 0n;
  }

  /** Mined transaction ids that involve an address (sent by it or moving its assets), oldest first. */
  txidsOf(principal: string): readonly string[] {
    return this.history.get(principal) ?? [];
  }

  recordPending(tx: DecodedTx, receiptTime: number): void {
    this.txs.set(tx.txid, { state: "pending", tx, receiptTime });
  }

  recordDropped(tx: DecodedTx, status: DroppedStatus, reason: string): void {
    const receiptTime = this.txs.get(tx.txid)?.receiptTime ?? Math.floor(Date.now() / 1000);
    this.txs.set(tx.txid, { state: "dropped", tx, receiptTime, status, reason });
  }

  /** Appends a block and the transactions it mined (in block order). */
  recordBlock(
    meta: { height: number; burnHeight: number; time: number },
    mined: ReadonlyArray<{ tx: DecodedTx; outcome: Omit<TxOutcome, "blockHeight" | "txIndex"> }>,
  ): BlockRecord {
    const block = this.makeBlock(
      meta.height,
      meta.burnHeight,
      meta.time,
      mined.map((m) => m.tx.txid),
    );
    this.blocks.set(block.height, block);
    this.tipHeight = block.height;
    mined.forEach(({ tx, outcome }, txIndex) => {
      const receiptTime = this.txs.get(tx.txid)?.receiptTime ?? meta.time;
      this.txs.set(tx.txid, {
        state: "mined",
        tx,
        receiptTime,
        outcome: { ...outcome, blockHeight: block.height, txIndex },
      });
      for (const { account, nonce } of nonceUses(tx)) this.nonces.set(account, nonce + 1n);
      const involved = new Set([tx.sender, tx.feePayer, ...outcome.events.flatMap(principalsOf)]);
      if (tx.payload.kind === "token-transfer") involved.add(tx.payload.recipient);
      for (const principal of involved) {
        const list = this.history.get(principal) ?? [];
        list.push(tx.txid);
        this.history.set(principal, list);
      }
    });
    return block;
  }

  private makeBlock(height: number, burnHeight: number, time: number, txids: string[]): BlockRecord {
    return {
      height,
      hash: hash(this.salt, `block:${height}`),
      indexHash: hash(this.salt, `index-block:${height}`),
      parentHash: height > 0 ? hash(this.salt, `block:${height - 1}`) : `0x${"0".repeat(64)}`,
      parentIndexHash: height > 0 ? hash(this.salt, `index-block:${height - 1}`) : `0x${"0".repeat(64)}`,
      burnHeight,
      burnHash: hash(this.salt, `burn-block:${burnHeight}`),
      time,
      txids,
    };
  }
}
