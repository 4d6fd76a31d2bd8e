/**
 * `@spay/protocol/x402` — the one x402 codec, for the gateway (facilitator), the paywall and the
 * agent: x402 v2 (`PAYMENT-REQUIRED` / `PAYMENT-SIGNATURE` / `PAYMENT-RESPONSE`), v1 (`X-PAYMENT`
 * / `X-PAYMENT-RESPONSE`) and SPEC.md's proof form. No Node or DOM APIs.
 */
export { base64Decode, base64Encode, utf8Decode, utf8Encode } from "./base64.ts";
export {
  BAZAAR,
  type BazaarDeclaration,
  type BodyType,
  declareBazaar,
  isBodyMethod,
  type X402BazaarExtension,
  type X402BazaarInfo,
  type X402DiscoveryAccept,
  type X402DiscoveryItem,
  type X402DiscoveryManifest,
  type X402DiscoveryResource,
} from "./bazaar.ts";
export type { X402FacilitatorParams, X402SettleResult, X402VerifyResult } from "./facilitator.ts";
export { decodeX402Header, encodeX402Header, MAX_HEADER_LENGTH } from "./header.ts";
export {
  base64UrlDecode,
  canonicalJson,
  OFFER_RECEIPT,
  OFFER_RECEIPT_VERSION,
  OFFERS_JWS_SCHEMA,
  offersExtension,
  RECEIPT_JWS_SCHEMA,
  readSignedOffers,
  readSignedReceipt,
  receiptExtension,
  signedPayload,
  type X402OfferPayload,
  type X402ReceiptPayload,
  type X402SignedOffer,
  type X402SignedReceipt,
} from "./offer-receipt.ts";
export {
  type PaymentProof,
  parsePaymentProof,
  paymentForm,
  paymentHeader,
  readReceipt,
  receiptHeader,
  type X402PayloadData,
  type X402Receipt,
} from "./payment.ts";
export {
  declarePaymentIdentifier,
  isValidPaymentId,
  PAYMENT_ID_MAX_LENGTH,
  PAYMENT_ID_MIN_LENGTH,
  PAYMENT_ID_PATTERN,
  PAYMENT_IDENTIFIER,
  PAYMENT_IDENTIFIER_SCHEMA,
  paymentIdentifierDeclared,
  readPaymentIdentifier,
  withPaymentIdentifier,
  type X402PaymentIdentifierExtension,
} from "./payment-identifier.ts";
export { usdToAtomicUnits } from "./price.ts";
export {
  caip2Network,
  fallbackDecimals,
  type PaymentRequirement,
  parseRequirement,
  readChallenge,
  readOffer,
  toSpecRequirements,
  toV1,
  X402_TOKEN_TYPE,
  type X402AcceptV1,
  type X402AcceptV2,
  type X402Challenge,
  type X402Extra,
  type X402Offer,
  type X402PaymentRequiredV1,
  type X402PaymentRequiredV2,
  type X402SpecScheme,
} from "./requirements.ts";
export {
  FROM_V1_NETWORK_NAME,
  isObject,
  type Json,
  SPEC_PROOF_VERSION,
  V1_NETWORK_NAMES,
  v1NetworkName,
  X402_HEADERS,
  X402_NETWORKS,
  X402_REASONS,
  X402_SCHEME,
  X402_VERSIONS,
  X402Error,
  type X402Form,
  type X402Reason,
} from "./wire.ts";
