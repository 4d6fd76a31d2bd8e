import { ApiTransport, intentRequest, pathId } from "./http.js";
import type {
  CreatePaymentIntentParams,
  ExchangeRate,
  PaymentIntent,
  PaymentLink,
  Product,
} from "./types.js";
import { type WaitForStatusOptions, waitForStatus } from "./wait-for-status.js";

/** Options of {@link SPayClient}. */
export interface SPayClientOptions {
  /**
   * A publishable key (`pk_test_…`, `pk_live_…`) in the browser; a secret key on servers. May be
   * empty for keyless calls (payment links); keyed calls then throw `CHECKOUT_MESSAGES.workspaceKeyRequired`.
   */
  apiKey: string;
  /** API base URL, default `http://localhost:8787`. */
  apiUrl?: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/** How the payer paid, as the API records it. */
export type PaymentMethod = "wallet" | "qr" | "x402";

/**
 * The typed API client of the checkout: create a payment intent, follow it, report the payer's
 * transaction. Safe in browsers with a publishable key. A call that needs a key throws
 * `CHECKOUT_MESSAGES.workspaceKeyRequired` when none was given.
 *
 * @example
 * const spay = new SPayClient({ apiKey: "pk_test_…", apiUrl: "https://api.example" });
 * const intent = await spay.createPaymentIntent({ amount_minor: 1999 });
 * const done = await spay.waitForStatus(intent.client_secret, { onUpdate: (pi) => console.log(pi.status) });
 */
export class SPayClient {
  /** The HTTP layer, shared with subclasses such as the server client. */
  protected readonly transport: ApiTransport;

  constructor(options: SPayClientOptions) {
    this.transport = new ApiTransport(options);
  }

  /** The API base URL this client calls. */
  get apiUrl(): string {
    return this.transport.apiUrl;
  }

  /**
   * Creates a payment intent. Always sends an `Idempotency-Key` (a random UUID unless given), so
   * retrying with the same key never creates a second intent.
   */
  createPaymentIntent(
    params: CreatePaymentIntentParams,
    options: { idempotencyKey?: string } = {},
  ): Promise<PaymentIntent> {
    return this.transport.request({
      method: "POST",
      path: "/v1/payment_intents",
      body: params,
      idempotencyKey: options.idempotencyKey,
    });
  }

  /**
   * Retrieves a payment intent by its client secret (`intent.client_secret`; what a publishable key
   * needs) or, with a secret key, by id.
   */
  retrievePaymentIntent(clientSecretOrId: string): Promise<PaymentIntent> {
    return this.transport.request({ method: "GET", ...intentRequest(clientSecretOrId) });
  }

  /**
   * Reports the txid of the transfer the payer broadcast (the intent's client secret, or its id
   * with a secret key); the server verifies the transaction on chain.
   */
  submitTransaction(
    clientSecretOrId: string,
    txid: string,
    paymentMethod?: PaymentMethod,
    options: { idempotencyKey?: string } = {},
  ): Promise<PaymentIntent> {
    return this.transport.request({
      method: "POST",
      ...intentRequest(clientSecretOrId, "/submit"),
      body: { txid, ...(paymentMethod ? { payment_method: paymentMethod } : {}) },
      idempotencyKey: options.idempotencyKey,
    });
  }

  /** A public payment link (`plink_…`); needs no key. */
  getPaymentLink(id: string): Promise<PaymentLink> {
    return this.transport.request({ method: "GET", path: `/api/payment-links/${pathId(id)}`, auth: false });
  }

  /** A product of the key's workspace (a publishable key is enough). */
  getProduct(id: string): Promise<Product> {
    return this.transport.request({ method: "GET", path: `/v1/products/${pathId(id)}` });
  }

  /** The BTC/USD rate sBTC amounts are priced with (public, cached by the server). */
  getExchangeRate(): Promise<ExchangeRate> {
    return this.transport.request({ method: "GET", path: "/fx", auth: false });
  }

  /**
   * Follows an intent (its client secret, or its id with a secret key) live — server-sent events, or
   * polling with backoff — until `until` holds or it reaches a terminal status; see {@link WaitForStatusOptions}.
   */
  waitForStatus(clientSecretOrId: string, options: WaitForStatusOptions = {}): Promise<PaymentIntent> {
    return waitForStatus(this.transport, clientSecretOrId, options);
  }
}
