import type { PaymentLink } from "../../core/types.js";

/** What a payment-link card or buy button shows and charges, from a link or a product. */
export interface PaymentLinkData {
  linkId: string | null;
  productId: string | null;
  merchantName: string | null;
  /** 'test' shows the TEST badge; null when unknown. */
  env: "test" | "live" | null;
  productName: string;
  description: string | null;
  /** Price in cents (SPEC.md §9). */
  priceMinor: number;
  stock: number | null;
  requireEmail: boolean;
  requireShipping: boolean;
  /** SPEC.md §2: the link's `viewType`, 'card' by default. */
  view: string;
  /** The hosted link page, when known (its origin hosts the Terms and Privacy pages). */
  url: string | null;
  /** The product's image (webp variants the gateway re-encoded), drawn above its name. */
  image?: CardImage | null;
}

/** A product image as the card draws it: the largest variant, every variant for `srcset`. */
export interface CardImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** The number under `key` of a link's free-form `product_data`, if it is one. */
function num(data: Record<string, unknown>, key: string): number | undefined {
  const value = data[key];
  return typeof value === "number" ? value : undefined;
}

/** The string under `key` of a link's free-form `product_data`, if it is one. */
function str(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * Reads a payment link as the public API returns it (legacy `price` in dollars included).
 * `product_data` is free-form JSON in the API's contract (links synced by older clients carry
 * whatever they sent), so each field is read only when it has the expected type.
 */
export function linkDataFromPaymentLink(link: PaymentLink): PaymentLinkData {
  const p = link.product_data;
  const priceMinor = num(p, "price_minor") ?? Math.round((num(p, "price") ?? 0) * 100);
  return {
    linkId: link.id,
    productId: link.product_id,
    merchantName: link.merchant_name,
    env: link.env,
    productName: str(p, "name") ?? "",
    description: str(p, "description") ?? null,
    priceMinor,
    stock: num(p, "stock") ?? null,
    requireEmail: p.require_email === true,
    requireShipping: p.require_shipping_address === true,
    view: str(p, "viewType") ?? "card",
    url: link.url,
    // Free-form JSON: drawn only with the gateway's shape (a string url, numeric size).
    image: cardImage(p.image),
  };
}

/**
 * `value` as a card image when it has the gateway's shape, else null. Its strings only ever reach
 * `<img>` attributes, which React escapes and where no URL runs script.
 */
export function cardImage(value: unknown): CardImage | null {
  const i = value as CardImage | null;
  return typeof i?.url === "string" ? i : null;
}
