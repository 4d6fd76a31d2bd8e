/**
 * `@spay/sdk/x402` — x402 pay-per-request for agents and apps: the wire forms (v2, v1, SPEC.md)
 * and `wrapFetchWithPayment`, which pays a 402 answer in sBTC or USDC on Stacks and retries.
 * Runs in Node and in browsers.
 */
export {
  decodeX402Header,
  encodeX402Header,
  paymentHeader,
  readChallenge,
  readReceipt,
  SPEC_PROOF_VERSION,
  toSpecRequirements,
  toV1,
  X402_HEADERS,
  X402_NETWORKS,
  X402_SCHEME,
  type X402AcceptV1,
  type X402AcceptV2,
  type X402Challenge,
  type X402Extra,
  type X402Form,
  type X402Offer,
  type X402PayloadData,
  type X402PaymentRequiredV1,
  type X402PaymentRequiredV2,
  X402ProtocolError,
  type X402Receipt,
  type X402SpecScheme,
} from "./x402/protocol.js";
