/**
 * The SDK's view of sPay's API objects (the server's OpenAPI document is the reference). The
 * statuses, their labels and the assets come from @spay/protocol, shared with the server.
 */
import type { Asset, PaymentStatus } from "@spay/protocol";

export {
  type Asset,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  TERMINAL_STATUSES,
} from "@spay/protocol";

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount_minor: number;
  currency: string;
  asset: Asset;
  /** Sats as a string, for sBTC intents. */
  amount_sbtc: string | null;
  /** Atomic units of the asset, as a string. */
  amount_asset: string;
  decimals: number;
  token_contract: string;
  usd_per_btc: number | null;
  recipient: string;
  memo: string;
  status: PaymentStatus;
  status_reason: string | null;
  fulfillment_status: string;
  customer_email: string | null;
  shipping_address: Record<string, unknown> | null;
  merchant_principal: string | null;
  txid: string | null;
  amount_received: string;
  /**
   * `pi_…_secret_…`: what a browser (publishable key) needs to follow and pay this intent; returned
   * on creation and to the merchant's secret key, null in lists and webhook events. Pass it to the
   * checkout, never log it.
   */
  client_secret: string | null;
  /** The hosted checkout (what the QR encodes), carrying `?client_secret=`. */
  spay_url: string;
  checkout_url: string;
  payment_method: string | null;
  product_id: string | null;
  metadata: Record<string, string>;
  env: "test" | "live";
  expires_at: number;
  created_at: number;
  canceled_at?: number | null;
  cancellation_reason?: string | null;
}

export interface CreatePaymentIntentParams {
  /** Cents. Optional with `product_id` or `payment_link` (their catalogue price is used). */
  amount_minor?: number;
  currency?: "usd";
  asset?: Asset;
  customer_email?: string;
  shipping_address?: Record<string, unknown>;
  metadata?: Record<string, string>;
  /** The product sold: the intent costs its catalogue price (a different amount_minor is refused). */
  product_id?: string;
  /** The payment link paid: its product's price is used. Publishable keys need one of the two. */
  payment_link?: string;
  payment_method?: "wallet" | "qr" | "x402";
}

export interface PaymentLink {
  id: string;
  object: "payment_link";
  url: string;
  product_id: string | null;
  merchant_name: string | null;
  product_data: {
    name?: string;
    description?: string | null;
    price?: number;
    price_minor?: number;
    currency?: string;
    stock?: number;
    viewType?: string;
    require_email?: boolean;
    require_shipping_address?: boolean;
  };
  merchant_wallet: string | null;
  /** The link's product has no stock left: show "Sold out", creating an intent is refused. */
  sold_out?: boolean;
  active: boolean;
  env: "test" | "live";
  expires_at: number | null;
}

/** A product of the catalog, as `GET /v1/products/{id}` returns it. */
export interface Product {
  id: string;
  object: "product";
  name: string;
  description: string | null;
  /** Price in cents. */
  price_minor: number;
  /** Price in dollars (price_minor / 100). */
  price: number;
  currency: string;
  stock: number;
  view_type: "card" | "button";
  require_email: boolean;
  require_shipping_address: boolean;
  payment_link: { id: string; active: boolean; url: string } | null;
  created_at: number;
  updated_at: number;
}

/** The BTC/USD rate the API prices sBTC with (`GET /fx`). */
export interface ExchangeRate {
  usdPerBtc: number;
  /** `fallback` means the rate source failed and SPEC.md §9's 110000 is in use. */
  source: "live" | "fixed" | "fallback";
  fetched_at: number;
}

/** A page of a cursor-paginated list (`limit`, `starting_after`, `ending_before`). */
export interface List<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

/** SPEC.md §3 "x402 scheme" (with the memo nonce and expiry sPay adds). */
import type { X402SpecScheme } from "@spay/protocol/x402";
export type X402Scheme = X402SpecScheme;

export interface X402Requirements {
  schemes: X402Scheme[];
}

/** The error object of every non-2xx API response. */
export interface ApiErrorBody {
  error: { type: string; code: string; message: string; param?: string; request_id: string };
}

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
