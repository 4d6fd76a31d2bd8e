/** The parts of Hiro's transaction JSON the tests read. */
export interface HiroEvent {
  readonly event_index: number;
  readonly event_type: string;
  readonly asset?: {
    readonly asset_event_type: string;
    readonly asset_id?: string;
    readonly sender: string;
    readonly recipient: string;
    readonly amount?: string;
  };
  readonly contract_log?: {
    readonly contract_id: string;
    readonly topic: string;
    readonly value: { readonly hex: string; readonly repr: string };
  };
}

export interface HiroTx {
  readonly tx_id: string;
  readonly tx_status: string;
  readonly tx_type: string;
  readonly nonce: number;
  readonly fee_rate: string;
  readonly sender_address: string;
  readonly post_condition_mode: string;
  readonly post_conditions: ReadonlyArray<Record<string, unknown>>;
  readonly tx_result?: { readonly hex: string; readonly repr: string };
  readonly block_height?: number;
  readonly burn_block_height?: number;
  readonly canonical?: boolean;
  readonly vm_error?: string | null;
  readonly receipt_time?: number;
  readonly events?: readonly HiroEvent[];
  readonly contract_call?: {
    readonly contract_id: string;
    readonly function_name: string;
    readonly function_signature: string;
    readonly function_args: ReadonlyArray<{ hex: string; repr: string; name: string; type: string }>;
  };
  readonly token_transfer?: {
    readonly recipient_address: string;
    readonly amount: string;
    readonly memo: string;
  };
}

export interface HiroBalances {
  readonly stx: { readonly balance: string; readonly total_fees_sent: string };
  readonly fungible_tokens: Record<string, { balance: string; total_sent: string; total_received: string }>;
}
