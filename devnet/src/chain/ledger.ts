import { createHash, randomBytes } from "node:crypto";
import type { ClarityValue } from "@stacks/transactions";
import { type ChainEvent, principalsOf } from "../tx/chain-events.ts";
import { type DecodedTx, nonceUses } from "../tx/decode.ts";

export type MinedStatus = "success" | "abort_by_response" | "abort_by_post_condition";
export type DroppedStatus =
  | "dropped_stale_garbage_collect"
  | "dropped_problematic"
  /** Mined in a block a fork orphaned, and not mined again on the new branch. */
  | "dropped_replace_across_fork";

/** How a mined transaction ended. Aborted transactions keep no events but still paid fee and nonce. */
export interface TxOutcome {
  readonly status: MinedStatus;
  readonly result: ClarityValue;
  readonly events: readonly ChainEvent[];
  readonly vmError: string | null;
  readonly blockHeight: number;
  /** Hash of the block that mined it (tells which branch's block, after a fork). */
  readonly blockHash: string;
  readonly txIndex: number;
}

/** A transaction as one block mined it. */
export interface MinedTx {
  readonly tx: DecodedTx;
  readonly receiptTime: number;
  readonly outcome: TxOutcome;
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
  /** The transactions as this block mined them (still readable once the block is orphaned). */
  readonly txs: readonly MinedTx[];
}

/** Block hashes are derived from the height, the branch and a per-devnet salt: a restarted devnet is a new chain. */
function hash(salt: string, label: string): string {
  return `0x${createHash("sha256").update(`spay-devnet:${salt}:${label}`).digest("hex")}`;
}

const ZERO_HASH = `0x${"0".repeat(64)}`;

/** Normalizes a txid from a URL or client: lower case, 0x-prefixed. */
export function normalizeTxid(txid: string): string {
  const bare = txid.toLowerCase().replace(/^0x/, "");
  return `0x${bare}`;
}

/** What a fork took off the canonical chain. */
export interface Orphaned {
  /** The blocks that stopped being canonical, newest first. */
  readonly blocks: readonly BlockRecord[];
  /** Their transactions in chain order (oldest block first, block order within a block). */
  readonly txs: readonly MinedTx[];
}

/**
 * The devnet's memory of what happened: blocks (canonical by height, every block ever made by
 * hash), transactions, nonces and per-address history.
 */
export class Ledger {
  private readonly canonical = new Map<number, BlockRecord>();
  private readonly byHash = new Map<string, BlockRecord>();
  private readonly txs = new Map<string, TxRecord>();
  private readonly nonces = new Map<string, bigint>();
  private readonly history = new Map<string, string[]>();
  private tipHeight: number;
  readonly genesisHeight: number;
  /** Bumped by every fork, so the new branch's blocks get new hashes. */
  private branch = 0;
  private readonly salt = randomBytes(8).toString("hex");

  constructor(genesis: { height: number; burnHeight: number; time: number }) {
    this.tipHeight = genesis.height;
    this.genesisHeight = genesis.height;
    this.store(this.makeBlock(genesis.height, genesis.burnHeight, genesis.time, []));
  }

  tip(): BlockRecord {
    const block = this.canonical.get(this.tipHeight);
    if (!block) throw new Error("ledger has no tip");
    return block;
  }

  /** The canonical block at a height. */
  block(height: number): BlockRecord | undefined {
    return this.canonical.get(height);
  }

  /** Any block, canonical or orphaned, by block hash or index block hash (0x-prefixed or not). */
  blockByHash(hashOrIndexHash: string): BlockRecord | undefined {
    return this.byHash.get(normalizeTxid(hashOrIndexHash));
  }

  isCanonical(block: BlockRecord): boolean {
    return this.canonical.get(block.height) === block;
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
    mined: ReadonlyArray<{
      tx: DecodedTx;
      outcome: Omit<TxOutcome, "blockHeight" | "blockHash" | "txIndex">;
    }>,
  ): BlockRecord {
    const { hash: blockHash } = this.identity(meta.height);
    const txs: MinedTx[] = mined.map(({ tx, outcome }, txIndex) => ({
      tx,
      receiptTime: this.txs.get(tx.txid)?.receiptTime ?? meta.time,
      outcome: { ...outcome, blockHeight: meta.height, blockHash, txIndex },
    }));
    const block = this.makeBlock(meta.height, meta.burnHeight, meta.time, txs);
    this.store(block);
    this.tipHeight = block.height;
    for (const minedTx of txs) {
      const { tx, outcome } = minedTx;
      this.txs.set(tx.txid, { state: "mined", ...minedTx });
      for (const { account, nonce } of nonceUses(tx)) this.nonces.set(account, nonce + 1n);
      const involved = new Set([tx.sender, tx.feePayer, ...outcome.events.flatMap(principalsOf)]);
      if (tx.payload.kind === "token-transfer") involved.add(tx.payload.recipient);
      for (const principal of involved) {
        const list = this.history.get(principal) ?? [];
        list.push(tx.txid);
        this.history.set(principal, list);
      }
    }
    return block;
  }

  /**
   * Takes the blocks above `forkHeight` off the canonical chain: they stay readable by hash, their
   * transactions become pending again (the caller re-queues or drops them), nonces and address
   * histories return to the fork point, and the next blocks get new hashes.
   */
  orphanAbove(forkHeight: number): Orphaned {
    const blocks: BlockRecord[] = [];
    for (let height = this.tipHeight; height > forkHeight; height -= 1) {
      const block = this.canonical.get(height);
      if (!block) throw new Error(`no canonical block at height ${height}`);
      blocks.push(block);
      this.canonical.delete(height);
    }
    this.tipHeight = forkHeight;
    this.branch += 1;
    const txs = [...blocks].reverse().flatMap((block) => block.txs);
    const orphanedIds = new Set(txs.map((m) => m.tx.txid));
    for (const [principal, list] of this.history) {
      this.history.set(
        principal,
        list.filter((txid) => !orphanedIds.has(txid)),
      );
    }
    // Newest first, so each account ends at the smallest nonce its orphaned transactions spent.
    for (const { tx } of [...txs].reverse()) {
      for (const { account, nonce } of nonceUses(tx)) this.nonces.set(account, nonce);
    }
    for (const { tx, receiptTime } of txs) this.txs.set(tx.txid, { state: "pending", tx, receiptTime });
    return { blocks, txs };
  }

  private store(block: BlockRecord): void {
    this.canonical.set(block.height, block);
    this.byHash.set(block.hash, block);
    this.byHash.set(block.indexHash, block);
  }

  private identity(height: number): { hash: string; indexHash: string } {
    const label = this.branch === 0 ? `${height}` : `${height}:branch-${this.branch}`;
    return { hash: hash(this.salt, `block:${label}`), indexHash: hash(this.salt, `index-block:${label}`) };
  }

  private makeBlock(height: number, burnHeight: number, time: number, txs: MinedTx[]): BlockRecord {
    const parent = this.canonical.get(height - 1);
    return {
      height,
      ...this.identity(height),
      parentHash: parent?.hash ?? ZERO_HASH,
      parentIndexHash: parent?.indexHash ?? ZERO_HASH,
      burnHeight,
      burnHash: hash(this.salt, `burn-block:${burnHeight}`),
      time,
      txids: txs.map((m) => m.tx.txid),
      txs,
    };
  }
}
