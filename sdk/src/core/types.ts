/**
 * The SDK's names for sPay's API objects. The shapes are generated from the server's OpenAPI
 * document into @spay/protocol (`ApiPaymentIntent`, …); the statuses, their labels and the assets
 * come from there too, shared with the server.
 */
import type {
  ApiCreatePaymentIntentRequest,
  ApiError,
  ApiFxRate,
  ApiPaymentIntent,
  ApiPaymentIntentList,
  ApiPaymentLink,
  ApiProduct,
} from "@spay/protocol";

export {
  type Asset,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  TERMINAL_STATUSES,
} from "@spay/protocol";

/**
 * A request body whose fields `K` have a server-side default. The generated request types list
 * defaulted fields as required (openapi-typescript's `defaultNonNullable`); a client may omit them.
 */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * A payment intent as the API returns it. `client_secret` (`pi_…_secret_…`) is what a browser
 * (publishable key) needs to follow and pay it: pass it to the checkout, never log it.
 */
export type PaymentIntent = ApiPaymentIntent;

/**
 * Body of `POST /v1/payment_intents`: `amount_minor` in cents (optional with `product_id` or
 * `payment_link`, whose catalogue price is used); `currency` defaults to `usd`, `asset` to `sbtc`.
 */
export type CreatePaymentIntentParams = WithDefaults<
  Pick<
    ApiCreatePaymentIntentRequest,
    | "amount_minor"
    | "currency"
    | "asset"
    | "customer_email"
    | "shipping_address"
    | "metadata"
    | "product_id"
    | "payment_link"
    | "payment_method"
  >,
  "currency" | "asset"
>;

/** A public payment link (`GET /api/payment-links/{id}`); `product_data` is free-form JSON. */
export type PaymentLink = ApiPaymentLink;

/** A product of the catalog, as `GET /v1/products/{id}` returns it. */
export type Product = ApiProduct;

/** The BTC/USD rate the API prices sBTC with (`GET /fx`); `fallback`: SPEC.md §9's 110000. */
export type ExchangeRate = ApiFxRate;

/** A page of a cursor-paginated list (`limit`, `starting_after`, `ending_before`): the API's list envelope. */
export type List<T> = Omit<ApiPaymentIntentList, "data"> & { data: T[] };

/** SPEC.md §3 "x402 scheme" (with the memo nonce and expiry sPay adds). */
import type { X402SpecScheme } from "@spay/protocol/x402";
export type X402Scheme = X402SpecScheme;

export interface X402Requirements {
  schemes: X402Scheme[];
}

/** The error object of every non-2xx API response. */
export type ApiErrorBody = ApiError;

/** A wallet the picker offers (DESIGN.md "Chain facts"). */
export interface WalletInfo {
  id:
    | "LeatherProvider"
    | "XverseProviders.BitcoinProvider"
    | "AsignaProvider"
    | "FordefiProviders.UtxoProvider";
  name: string;
  multisig: boolean;
  installed: boolean;
}
