/**
 * `@spay/sdk/server` — for merchants' Node servers: webhook verification (Standard Webhooks) and
 * the secret-key API client. Uses `node:crypto`; never import it in browser code.
 */

export { SPayError, type SPayErrorDetails } from "./core/errors.js";
export type {
  CreatePaymentIntentParams,
  List,
  PaymentIntent,
  PaymentLink,
  PaymentStatus,
  Product,
} from "./core/types.js";
export {
  type HonoContextLike,
  type Paywall,
  type PaywallGate,
  type PaywallOptions,
  paywall,
} from "./server/paywall/paywall.js";
export {
  buildRefundTransfer,
  type PayableRefund,
  payRefund,
  RefundBroadcastError,
  type RefundSigningOptions,
  RefundTransferError,
} from "./server/refunds.js";
export { SPayServerClient, type SPayServerClientOptions } from "./server/server-client.js";
export type {
  CreateX402RequirementsParams,
  X402FacilitatorParams,
  X402PriceOffer,
  X402SettleResult,
  X402VerifyResult,
} from "./server/types.js";
export {
  type CancellationReason,
  type CreateProductParams,
  type CreateRefundParams,
  type CreateWebhookEndpointParams,
  type Customer,
  type ListParams,
  type Refund,
  type RefundReason,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookEventWithDeliveries,
} from "./server/types.js";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookHeaders,
} from "./server/verify-webhook.js";
export {
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "./server/webhook-verification-error.js";
