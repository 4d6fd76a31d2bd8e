/** x402 facts (DESIGN.md "x402"): headers, versions, scheme, networks, failure reasons. */
import { CAIP2 } from "../networks.ts";

export const X402_HEADERS = {
  /** v2: the 402 answer's requirements. */
  paymentRequired: "PAYMENT-REQUIRED",
  /** v2: the client's payment. */
  paymentSignature: "PAYMENT-SIGNATURE",
  /** v2: the receipt of a paid answer. */
  paymentResponse: "PAYMENT-RESPONSE",
  /** v1 and SPEC.md's proof: the client's payment. */
  xPayment: "X-PAYMENT",
  /** v1 and SPEC.md's proof: the receipt. */
  xPaymentResponse: "X-PAYMENT-RESPONSE",
} as const;

export const X402_SCHEME = "exact";
export const X402_VERSIONS = [1, 2] as const;
/** SPEC.md's own proof format carries this version string. */
export const SPEC_PROOF_VERSION = "0.1.0";

/** CAIP-2 ids of the Stacks networks x402 pays on (the devnet identifies as testnet). */
export const X402_NETWORKS = CAIP2;
/**
 * v1 names networks by word, as x402 v1 names every chain: the bare name for mainnet, `-testnet`
 * for the test chain (`base` / `base-sepolia`, `stacks` / `stacks-testnet`). Everything a v1
 * client reads — requirements, `X-PAYMENT-RESPONSE`, the facilitator's v1 answers and `/supported`
 * v1 kinds — uses these words; v2 uses CAIP-2 throughout.
 */
export const V1_NETWORK_NAMES: Record<string, string> = {
  [CAIP2.mainnet]: "stacks",
  [CAIP2.testnet]: "stacks-testnet",
};
/** A v1 network word → CAIP-2 (`stacks` alone is mainnet; `stacks-mainnet` is still read). */
export const FROM_V1_NETWORK_NAME: Record<string, string> = {
  "stacks-mainnet": CAIP2.mainnet,
  "stacks-testnet": CAIP2.testnet,
  stacks: CAIP2.mainnet,
};

/** A network as x402 v1 names it (CAIP-2 ids of Stacks become words; other names as given). */
export function v1NetworkName(network: string): string {
  return V1_NETWORK_NAMES[FROM_V1_NETWORK_NAME[network] ?? network] ?? network;
}

/** Which of the three forms a message is in: x402 v2, v1, or SPEC.md's (`x402_requirements`, proof `0.1.0`). */
export type X402Form = "v2" | "v1" | "spec";

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

/** A refused x402 message or payment; `reason` is the facilitator's `invalidReason` / `errorReason`. */
export class X402Error extends Error {
  constructor(
    readonly reason: X402Reason,
    message: string,
  ) {
    super(message);
    this.name = "X402Error";
  }
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A field of an untrusted message as text, for errors and echoes: strings and numbers as they are,
 * anything else by its type — `String()` of an object throws when its `toString` is not a function.
 */
export function printable(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return value === null || value === undefined ? "" : `(${typeof value})`;
}
