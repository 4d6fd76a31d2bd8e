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
}

/** Reads a payment link as the public API returns it (legacy `price` in dollars included). */
export function linkDataFromPaymentLink(link: PaymentLink): PaymentLinkData {
  const p = link.product_data;
  const priceMinor = p.price_minor ?? Math.round((p.price ?? 0) * 100);
  return {
    linkId: link.id,
    productId: link.product_id,
    merchantName: link.merchant_name,
    env: link.env,
    productName: p.name ?? "",
    description: p.description ?? null,
    priceMinor,
    stock: p.stock ?? null,
    requireEmail: p.require_email === true,
    requireShipping: p.require_shipping_address === true,
    view: p.viewType ?? "card",
    url: link.url,
  };
}
