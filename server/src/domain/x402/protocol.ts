/** x402 facts (DESIGN.md "x402"): versions, scheme, networks, failure reasons — one module. */
export const X402_SCHEME = "exact";
export const X402_VERSIONS = [1, 2] as const;
/** SPEC.md's own proof format carries this version string. */
export const SPEC_PROOF_VERSION = "0.1.0";

export const X402_NETWORKS = { mainnet: "stacks:1", testnet: "stacks:2147483648" } as const;
/** v1 clients name networks by word. */
export const V1_NETWORK_NAMES: Record<string, string> = {
  "stacks-mainnet": X402_NETWORKS.mainnet,
  "stacks-testnet": X402_NETWORKS.testnet,
  stacks: X402_NETWORKS.mainnet,
};

export const X402_REASONS = [
  "invalid_payload",
  "invalid_network",
  "invalid_scheme",
  "invalid_x402_version",
  "insufficient_funds",
  "payment_expired",
  "duplicate_settlement",
  "recipient_mismatch",
  "amount_mismatch",
  "asset_mismatch",
  "invalid_signature",
  "invalid_nonce",
  "invalid_memo",
  "invalid_transaction",
  "transaction_failed",
  "transaction_not_found",
  "broadcast_failed",
  "unknown_requirement",
] as const;
export type X402Reason = (typeof X402_REASONS)[number];

/** What a payment must be, whatever form the merchant stated it in. */
export interface PaymentRequirement {
  scheme: string;
  network: string;
  /** Exact amount in the asset's atomic units. */
  amount: bigint;
  /** Token contract id `<address>.<name>`. */
  asset: string;
  payTo: string;
  /** Carried in the transfer's memo; makes each payment single-use. */
  nonce: string | null;
  /** Unix seconds. */
  expiresAt: number | null;
  decimals: number;
  /** The paid resource's URL, when the requirement names it. */
  resource: string | null;
}

/** What the client sent: a signed, not yet broadcast transfer, or the txid of a broadcast one. */
export type PaymentProof =
  | { kind: "transaction"; hex: string; version: 1 | 2 | "0.1.0"; network: string; scheme: string }
  | { kind: "txid"; txid: string; version: 1 | 2 | "0.1.0"; network: string; scheme: string };

export class X402Error extends Error {
  constructor(
    readonly reason: X402Reason,
    message: string,
  ) {
    super(message);
    this.name = "X402Error";
  }
}
