import { type PaymentLink, SPayError } from "@spay/sdk";
import type { PaymentLinkData } from "@spay/sdk/react";
import { PAYMENT_LINK } from "../messages.ts";

/** SPEC.md §2: 'card' (the default) or 'button'; anything else is an invalid configuration. */
export function linkViewType(link: Pick<PaymentLink, "product_data">): "card" | "button" | "invalid" {
  const view = link.product_data.viewType ?? "card";
  return view === "card" || view === "button" ? view : "invalid";
}

/**
 * The link's product has no stock left (the server says so: `sold_out`, issue 14). The page shows
 * "Sold out" instead of a Pay button the server would refuse. Links without a product never sell out.
 */
export function linkSoldOut(link: PaymentLink & { sold_out?: boolean }): boolean {
  return link.sold_out === true;
}

/** SPEC.md §8 "Payment link load": 404, 410, disabled, anything else. */
export function linkLoadError(err: unknown): string {
  if (!(err instanceof SPayError)) return PAYMENT_LINK.failed;
  if (err.status === 404 && err.code === "payment_link_not_found") return PAYMENT_LINK.notFound;
  if (err.status === 404) return PAYMENT_LINK.notFound;
  if (err.status === 410) return PAYMENT_LINK.expired;
  if (err.code === "payment_link_disabled") return PAYMENT_LINK.disabled;
  return PAYMENT_LINK.failed;
}

/** The SDK card's data for a public payment link (price in cents; legacy dollars rounded). */
export function linkData(link: PaymentLink): PaymentLinkData {
  const p = link.product_data;
  return {
    linkId: link.id,
    productId: link.product_id,
    merchantName: link.merchant_name,
    env: link.env,
    productName: p.name ?? "",
    description: p.description ?? null,
    priceMinor: p.price_minor ?? Math.round((p.price ?? 0) * 100),
    stock: p.stock ?? null,
    requireEmail: p.require_email === true,
    requireShipping: p.require_shipping_address === true,
    view: p.viewType ?? "card",
    url: link.url,
  };
}
