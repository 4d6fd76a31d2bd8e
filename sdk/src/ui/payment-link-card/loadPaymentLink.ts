import type { SPayClient } from "../../core/client.js";
import { SPayError } from "../../core/errors.js";
import { CARD_MESSAGES } from "../../core/messages.js";
import type { Product } from "../../core/types.js";
import { cardImage, linkDataFromPaymentLink, type PaymentLinkData } from "./linkData.js";

/** Where a card's data comes from: a payment link id or a product id. */
export type PaymentLinkSource = { linkId: string } | { productId: string };

function linkDataFromProduct(product: Product): PaymentLinkData {
  return {
    linkId: product.payment_link?.id ?? null,
    productId: product.id,
    merchantName: null,
    env: null,
    productName: product.name,
    description: product.description,
    priceMinor: product.price_minor,
    stock: product.stock,
    requireEmail: product.require_email,
    requireShipping: product.require_shipping_address,
    view: product.view_type,
    url: product.payment_link?.url ?? null,
    image: cardImage(product.image),
  };
}

/**
 * Loads what a card shows. A product is read with the publishable key, then its public payment
 * link (merchant name, test/live) — the same object the hosted payment-link page renders.
 */
export async function loadPaymentLinkData(
  client: SPayClient,
  source: PaymentLinkSource,
): Promise<PaymentLinkData> {
  if ("linkId" in source) return linkDataFromPaymentLink(await client.getPaymentLink(source.linkId));
  const product = await client.getProduct(source.productId);
  if (!product.payment_link) return linkDataFromProduct(product);
  const link = linkDataFromPaymentLink(await client.getPaymentLink(product.payment_link.id));
  return { ...link, productId: product.id };
}

/** SPEC.md §8 "Payment link load": 404 not found, 410 expired, 403 disabled, else try again. */
export function linkLoadErrorText(err: unknown): string {
  if (!(err instanceof SPayError)) return CARD_MESSAGES.linkLoadFailed;
  if (err.status === 404) return CARD_MESSAGES.linkNotFound;
  if (err.status === 410) return CARD_MESSAGES.linkExpired;
  if (err.status === 403 && err.code === "payment_link_disabled") return CARD_MESSAGES.linkDisabled;
  return CARD_MESSAGES.linkLoadFailed;
}
