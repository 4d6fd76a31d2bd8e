/** The x402 agent client: `wrapFetchWithPayment` and what it is made of. */
export { X402PaymentError, type X402PaymentErrorCode } from "./errors.js";
export { NonceManager, type NonceOutcome, sharedNonceManager } from "./nonce-manager.js";
export {
  chooseOffer,
  DEFAULT_FORM_ORDER,
  EXPIRY_MARGIN_SECONDS,
  type OfferChoice,
  type OfferRefusal,
  type RefusedOffer,
} from "./offer-selection.js";
export {
  type AssetAlias,
  type AssetRef,
  type AtomicAmount,
  KNOWN_TOKENS,
  type KnownToken,
  type PaymentPolicy,
  type PaymentPolicyOptions,
  paymentPolicy,
  type StacksNetworkName,
  type X402NetworkOption,
} from "./payment-policy.js";
export { getPayment, getPaymentReceipt, type X402Payment } from "./payment-record.js";
export { readPaymentRequired } from "./payment-required.js";
export { privateKeySigner, type X402Signer, type X402SignRequest } from "./signer.js";
export { DEFAULT_STACKS_API_URLS, type FetchLike, type StacksApi, stacksApi } from "./stacks-api.js";
export {
  DEFAULT_FEE_MICRO_STX,
  type RequestHandler,
  wrapFetchWithPayment,
  type X402AgentBaseOptions,
  type X402AgentOptions,
} from "./wrap-fetch.js";
