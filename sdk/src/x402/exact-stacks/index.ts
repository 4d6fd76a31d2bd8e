/**
 * `@spay/sdk/x402/exact-stacks` — Stacks (sBTC, USDC) for Coinbase's x402 framework (`@x402/*`):
 * the `exact` scheme's client, resource-server and facilitator sides, over sPay's SIP-010
 * transfer. `@x402/core` is an optional peer dependency; this entry imports only its types.
 *
 * @example
 * import { x402Client, wrapFetchWithPayment } from "@x402/fetch";
 * import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
 * const client = registerExactStacksScheme(new x402Client(), { privateKey: process.env.AGENT_KEY! });
 * const paidFetch = wrapFetchWithPayment(fetch, client);
 */
export { X402PaymentError, type X402PaymentErrorCode } from "../agent/errors.js";
export { NonceManager } from "../agent/nonce-manager.js";
export { privateKeySigner, type X402Signer, type X402SignRequest } from "../agent/signer.js";
export {
  DEFAULT_ANSWER_TIMEOUT_MS,
  type ExactStacksClientBaseOptions,
  type ExactStacksClientOptions,
  ExactStacksClientScheme,
} from "./client.js";
export { type ExactStacksFacilitatorOptions, ExactStacksFacilitatorScheme } from "./facilitator.js";
export { DEFAULT_MAX_FEE_MICRO_STX, type FeeOption } from "./fee.js";
export {
  defaultToken,
  EXACT_SCHEME,
  knownStacksToken,
  STACKS_CAIP_FAMILY,
  type StacksCaip2,
  type StacksToken,
  stacksNetworkOf,
  type TokenAlias,
} from "./networks.js";
export {
  registerExactStacksFacilitator,
  registerExactStacksScheme,
  type StacksNetworksOption,
  type X402ClientLike,
  type X402FacilitatorLike,
  type X402ResourceServerLike,
} from "./register.js";
export {
  type ExactStacksServerOptions,
  ExactStacksServerScheme,
  resolveToken,
  type StacksTokenOption,
} from "./server.js";
export {
  checkExactTransfer,
  type ExactTerms,
  readSignedTransfer,
  type SignedTransferFacts,
} from "./signed-transfer.js";
