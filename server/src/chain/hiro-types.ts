/** The parts of the Hiro Stacks API responses that settlement reads. */
export interface HiroFtTransferEvent {
  event_type: "fungible_token_asset";
  asset: { asset_event_type: string; asset_id: string; sender: string; recipient: string; amount: string };
}

/** An STX movement (`stx_asset`), as a native `token_transfer` produces. */
export interface HiroStxTransferEvent {
  event_type: "stx_asset";
  asset: { asset_event_type: string; sender: string; recipient: string; amount: string };
}

export interface HiroLogEvent {
  event_type: "smart_contract_log";
  contract_log: { contract_id: string; topic: string; value: { hex: string; repr: string } };
}

export type HiroEvent = HiroFtTransferEvent | HiroStxTransferEvent | HiroLogEvent | { event_type: string };

export interface HiroTransaction {
  tx_id: string;
  tx_status: string;
  tx_type: string;
  sender_address: string;
  /** Set by the chain API for a sponsored transaction (SIP-005): the sponsor paid the fee. */
  sponsored?: boolean;
  sponsor_address?: string;
  nonce: number;
  block_height?: number;
  burn_block_height?: number;
  canonical?: boolean;
  tx_result?: { hex: string; repr: string };
  contract_call?: {
    contract_id: string;
    function_name: string;
    function_args?: { hex: string; repr: string; name: string; type: string }[];
  };
  /** A native STX transfer: amount in µSTX, the 34-byte memo as `0x` hex (zero-padded). */
  token_transfer?: { recipient_address: string; amount: string; memo: string };
  events?: HiroEvent[];
}

export interface HiroTransferListItem {
  tx: HiroTransaction;
}

/** A Stacks block as `/extended/v2/blocks/{height_or_hash}` describes it (the fields the follower reads). */
export interface HiroBlock {
  canonical: boolean;
  height: number;
  hash: string;
  index_block_hash: string;
  parent_index_block_hash: string;
  tx_count: number;
  block_time: number;
}

/** One page of a Hiro list (`limit`, `offset`, `total`, `results`). */
export interface HiroPage<T> {
  limit: number;
  offset: number;
  total: number;
  results: T[];
}

/** A block and its transactions, read from the chain API or pushed by Chainhooks. */
export interface ChainBlock {
  height: number;
  indexBlockHash: string;
  parentIndexBlockHash: string;
  txs: readonly HiroTransaction[];
}
