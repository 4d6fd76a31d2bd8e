import type { X402PaymentRequiredV2 } from "@spay/protocol/x402";
import { SPayClient, type SPayClientOptions } from "../core/client.js";
import { pathId } from "../core/http.js";
import type { List, PaymentIntent, PaymentStatus, Product } from "../core/types.js";
import type {
  CancellationReason,
  CreateProductParams,
  CreateRefundParams,
  CreateWebhookEndpointParams,
  CreateX402RequirementsParams,
  Customer,
  ListParams,
  Refund,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
  WebhookEventWithDeliveries,
  X402FacilitatorParams,
  X402SettleResult,
  X402VerifyResult,
} from "./types.js";

/** Options of {@link SPayServerClient}: a secret key (`sk_test_…`, `sk_live_…`). */
export type SPayServerClientOptions = SPayClientOptions;

/**
 * The secret-key API client for merchants' servers: everything of {@link SPayClient} plus lists,
 * cancellation, products, events and webhook endpoints. Never ship a secret key to a browser.
 *
 * @example
 * const spay = new SPayServerClient({ apiKey: process.env.SPAY_SECRET_KEY!, apiUrl: "https://api.example" });
 * const { data } = await spay.listPaymentIntents({ status: "payment_settled", limit: 20 });
 */
export class SPayServerClient extends SPayClient {
  /** Payment intents, newest first; `status` filters by one status or several. */
  listPaymentIntents(
    params: ListParams & { status?: PaymentStatus | readonly PaymentStatus[] } = {},
  ): Promise<List<PaymentIntent>> {
    const { status, ...page } = params;
    return this.transport.request({
      method: "GET",
      path: "/v1/payment_intents",
      query: { ...page, status: typeof status === "string" ? status : status?.join(",") },
    });
  }

  /** Cancels an unpaid intent (409 once a transaction is under way). */
  cancelPaymentIntent(id: string, reason?: CancellationReason): Promise<PaymentIntent> {
    return this.transport.request({
      method: "POST",
      path: `/v1/payment_intents/${pathId(id)}/cancel`,
      body: reason ? { cancellation_reason: reason } : {},
    });
  }

  /**
   * Creates a refund of a settled payment: `amount` atomic units of its asset (default all that
   * remains refundable) to the address that paid. It stays `pending` until the merchant pays it
   * from the payout wallet (`payRefund`, or the dashboard).
   */
  createRefund(params: CreateRefundParams, options: { idempotencyKey?: string } = {}): Promise<Refund> {
    const { amount, ...rest } = params;
    return this.transport.request({
      method: "POST",
      path: "/v1/refunds",
      body: amount === undefined ? rest : { ...rest, amount: amount.toString() },
      idempotencyKey: options.idempotencyKey,
    });
  }

  /** One refund. */
  retrieveRefund(id: string): Promise<Refund> {
    return this.transport.request({ method: "GET", path: `/v1/refunds/${pathId(id)}` });
  }

  /** Refunds, newest first, optionally of one payment intent. */
  listRefunds(params: ListParams & { payment_intent?: string } = {}): Promise<List<Refund>> {
    return this.transport.request({ method: "GET", path: "/v1/refunds", query: { ...params } });
  }

  /** Cancels a pending refund (it becomes `failed` and frees its amount). */
  cancelRefund(id: string): Promise<Refund> {
    return this.transport.request({ method: "POST", path: `/v1/refunds/${pathId(id)}/cancel`, body: {} });
  }

  /** Customers, newest first; `search` matches the email (case-insensitive). */
  listCustomers(params: ListParams & { search?: string } = {}): Promise<List<Customer>> {
    return this.transport.request({ method: "GET", path: "/v1/customers", query: { ...params } });
  }

  /** One customer. */
  retrieveCustomer(id: string): Promise<Customer> {
    return this.transport.request({ method: "GET", path: `/v1/customers/${pathId(id)}` });
  }

  /** Creates a product and its payment link. */
  createProduct(params: CreateProductParams, options: { idempotencyKey?: string } = {}): Promise<Product> {
    return this.transport.request({
      method: "POST",
      path: "/v1/products",
      body: params,
      idempotencyKey: options.idempotencyKey,
    });
  }

  /** Products, newest first. */
  listProducts(params: ListParams = {}): Promise<List<Product>> {
    return this.transport.request({ method: "GET", path: "/v1/products", query: { ...params } });
  }

  /** Events, newest first (what webhooks deliver), optionally of one type. */
  listEvents(params: ListParams & { type?: WebhookEventType } = {}): Promise<List<WebhookEvent>> {
    return this.transport.request({ method: "GET", path: "/v1/events", query: { ...params } });
  }

  /** One event, with its deliveries. */
  retrieveEvent(id: string): Promise<WebhookEventWithDeliveries> {
    return this.transport.request({ method: "GET", path: `/v1/events/${pathId(id)}` });
  }

  /** Creates a webhook endpoint; the answer carries its `whsec_…` secret, shown only here. */
  createWebhookEndpoint(params: CreateWebhookEndpointParams): Promise<WebhookEndpoint & { secret: string }> {
    return this.transport.request({ method: "POST", path: "/v1/webhook_endpoints", body: params });
  }

  /** Fresh x402 requirements for a paid resource: a nonce per token, expiry, the payout address. */
  createX402Requirements(params: CreateX402RequirementsParams): Promise<X402PaymentRequiredV2> {
    return this.transport.request({ method: "POST", path: "/v1/x402/requirements", body: params });
  }

  /** Checks a payment against its requirement without broadcasting it. */
  verifyX402Payment(params: X402FacilitatorParams): Promise<X402VerifyResult> {
    return this.transport.request({ method: "POST", path: "/v1/x402/verify", body: params });
  }

  /** Broadcasts (or looks up) and records the payment; each payment settles once. */
  settleX402Payment(params: X402FacilitatorParams): Promise<X402SettleResult> {
    return this.transport.request({ method: "POST", path: "/v1/x402/settle", body: params });
  }
}
