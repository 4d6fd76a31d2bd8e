import {
  type ApiCreateWebhookEndpointRequest,
  type ApiEvent,
  type ApiEventWithDeliveries,
  type ApiProductRequest,
  type ApiSchema,
  type ApiWebhookEndpoint,
  EVENT_TYPES,
  type EventType,
} from "@spay/protocol";
import type { PaymentIntent, WithDefaults } from "../core/types.js";

/** Every event type sPay emits, the webhook subscription vocabulary. */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;
export type WebhookEventType = EventType;

/**
 * An event, as webhooks deliver it and `GET /v1/events` lists it. `id` (`evt_…`) is also the
 * `webhook-id` header, stable across retries: deduplicate on it. `data.object` is the payment
 * intent as the API returns it (for `payment_intent.*` events).
 */
export type WebhookEvent<T = PaymentIntent> = Omit<ApiEvent, "type" | "data"> & {
  type: WebhookEventType | (string & {});
  data: { object: T } & Record<string, unknown>;
};

/** One event with its deliveries and their attempts, as `GET /v1/events/{id}` returns it. */
export type WebhookEventWithDeliveries<T = PaymentIntent> = WebhookEvent<T> &
  Pick<ApiEventWithDeliveries, "deliveries" | "attempts">;

/** A webhook endpoint; `secret` (`whsec_…`) is present only in the answer that created or rotated it. */
export type WebhookEndpoint = ApiWebhookEndpoint;

/** Why a payment intent was canceled. */
export type CancellationReason = NonNullable<ApiSchema<"CancelPaymentIntentRequest">["cancellation_reason"]>;

/** Cursor pagination of every list (`limit` 1–100, default 10). */
export interface ListParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/** Body of `POST /v1/products`: `price_minor` in cents; `id` (`prod_…`) is generated when absent. */
export type CreateProductParams = WithDefaults<
  ApiProductRequest,
  "view_type" | "currency" | "require_email" | "require_shipping_address"
>;

/** Body of `POST /v1/webhook_endpoints`; `enabled_events` defaults to `["*"]` (all). */
export type CreateWebhookEndpointParams = WithDefaults<ApiCreateWebhookEndpointRequest, "enabled_events">;

/** A refund (`re_…`): what the merchant sends back from the payout wallet, memo = its id. */
export type Refund = ApiSchema<"Refund">;

/** Why a refund is made. */
export type RefundReason = Refund["reason"];

/** Body of `POST /v1/refunds`; `amount` (atomic units, digits) defaults to everything still refundable. */
export type CreateRefundParams = Omit<ApiSchema<"CreateRefundRequest">, "amount"> & {
  amount?: string | number | bigint;
};

/** A customer (`cus_…`): a payer's email and address, with lifetime value, payments and refunds. */
export type Customer = ApiSchema<"Customer">;

/** Body of `POST /v1/x402/requirements`. */
export type CreateX402RequirementsParams = ApiSchema<"X402RequirementsRequest">;

/** One way to pay an x402 resource: a token and its price (atomic units, or dollars like `$0.001`). */
export type X402PriceOffer = CreateX402RequirementsParams["accepts"][number];

export type { X402FacilitatorParams, X402SettleResult, X402VerifyResult } from "@spay/protocol/x402";
