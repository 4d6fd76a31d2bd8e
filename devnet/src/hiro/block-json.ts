import type { BlockRecord } from "../chain/ledger.ts";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A block as Hiro's `/extended/v2/blocks…` reports it (NakamotoBlock). */
export function blockJson(block: BlockRecord, canonical: boolean): Record<string, unknown> {
  return {
    canonical,
    height: block.height,
    hash: block.hash,
    block_time: block.time,
    block_time_iso: iso(block.time),
    tenure_height: block.burnHeight,
    index_block_hash: block.indexHash,
    parent_block_hash: block.parentHash,
    parent_index_block_hash: block.parentIndexHash,
    burn_block_time: block.time,
    burn_block_time_iso: iso(block.time),
    burn_block_hash: block.burnHash,
    burn_block_height: block.burnHeight,
    // No Bitcoin miner here: the devnet has no burnchain transaction to point at.
    miner_txid: `0x${"0".repeat(64)}`,
    tx_count: block.txids.length,
    execution_cost_read_count: 0,
    execution_cost_read_length: 0,
    execution_cost_runtime: 0,
    execution_cost_write_count: 0,
    execution_cost_write_length: 0,
  };
}
