import { type PaymentLink, SPayError } from "@spay/sdk";
import type { PaymentLinkData } from "@spay/sdk/react";
import { PAYMENT_LINK } from "./messages.ts";

/** SPEC.md §2: 'card' (the default) or 'button'; anything else is an invalid configuration. */
export function linkViewType(link: Pick<PaymentLink, "product_data">): "card" | "button" | "invalid" {
  const view = link.product_data.viewType ?? "card";
  return view === "card" || view === "button" ? view : "invalid";
}

/**
 * The link's product has no stock left (the server says so: `sold_out`). The page shows
 * "Sold out" instead of a Pay button the server would refuse. Links without a product never sell out.
 */
export function linkSoldOut(link: Pick<PaymentLink, "sold_out">): boolean {
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

/** The number under `key` of a link's free-form `product_data`, if it is one. */
function num(data: PaymentLink["product_data"], key: string): number | undefined {
  const value = data[key];
  return typeof value === "number" ? value : undefined;
}

/** The string under `key` of a link's free-form `product_data`, if it is one. */
function str(data: PaymentLink["product_data"], key: string): string | undefined {
  const value = data[key];
  return typeof value === "string" ? value : undefined;
}

/** What the link page needs to draw a product image responsively. */
export interface ProductImageData {
  url: string;
  /** `url {width}w` for each variant. */
  srcset: string;
  width: number;
  height: number;
}

/** The product image in `product_data` (url, srcset and size), when it has the server's shape. */
export function linkImage(link: Pick<PaymentLink, "product_data">): ProductImageData | null {
  const image = link.product_data.image;
  if (typeof image !== "object" || image === null) return null;
  const { url, srcset, width, height } = image as Record<string, unknown>;
  return typeof url === "string" &&
    typeof srcset === "string" &&
    typeof width === "number" &&
    typeof height === "number"
    ? { url, srcset, width, height }
    : null;
}

/**
 * The SDK card's data for a public payment link (price in cents; legacy dollars rounded).
 * `product_data` is free-form JSON in the API's contract, so each field is read only when it has
 * the expected type (as the SDK's own reader does; `@spay/sdk/react` exports only its result type).
 */
export function linkData(link: PaymentLink): PaymentLinkData & { image: ProductImageData | null } {
  const p = link.product_data;
  return {
    linkId: link.id,
    productId: link.product_id,
    merchantName: link.merchant_name,
    env: link.env,
    productName: str(p, "name") ?? "",
    description: str(p, "description") ?? null,
    priceMinor: num(p, "price_minor") ?? Math.round((num(p, "price") ?? 0) * 100),
    stock: num(p, "stock") ?? null,
    requireEmail: p.require_email === true,
    requireShipping: p.require_shipping_address === true,
    view: str(p, "viewType") ?? "card",
    url: link.url,
    image: linkImage(link),
  };
}
