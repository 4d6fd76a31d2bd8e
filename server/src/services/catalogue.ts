import type { Db } from "../db/database.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import { MAX_AMOUNT_MINOR } from "../domain/money.ts";
import { legacyLinkPriceMinor } from "./payment-links.ts";
import { type CataloguePrice, productPrice } from "./products.ts";

/** Where the intent will live: its workspace and the environment its credential acts in. */
export interface CataloguePlace {
  workspaceId: string;
  environmentId: string;
}

/**
 * The price of a payment link, for a new payment intent (the price comes from the
 * catalogue). The link must be of the intent's workspace and environment (else 404, as another
 * tenant's), active and unexpired; its product, when it has one, sets the price and must be in
 * stock. A link without a product (legacy product_data only) is priced by its product_data.
 */
async function linkPrice(
  db: Db,
  place: CataloguePlace,
  linkId: string,
  productId: string | undefined,
): Promise<CataloguePrice> {
  const link = await db
    .selectFrom("payment_links")
    .select(["id", "product_id", "product_data", "active", "expires_at"])
    .where("id", "=", linkId)
    .where("workspace_id", "=", place.workspaceId)
    .where("environment_id", "=", place.environmentId)
    .executeTakeFirst();
  if (!link) throw notFound("payment_link", linkId, "payment_link");
  if (link.expires_at !== null && link.expires_at <= nowSeconds())
    throw new ApiError("payment_link_expired", { param: "payment_link" });
  if (!link.active) throw new ApiError("payment_link_disabled", { param: "payment_link" });
  // A product_id sent with the link must be the link's own: the link decides what is sold.
  if (productId !== undefined && productId !== link.product_id)
    throw new ApiError("parameter_invalid", { param: "product_id" });
  // The link is active, so its product is on sale; the product's own checks still apply.
  if (link.product_id) return productPrice(db, place, link.product_id, { browser: false });
  const amountMinor = legacyLinkPriceMinor(link.product_data);
  if (amountMinor === null || amountMinor <= 0)
    throw new ApiError("product_price_required", { param: "payment_link" });
  if (amountMinor > MAX_AMOUNT_MINOR) throw new ApiError("parameter_invalid", { param: "payment_link" });
  return { productId: null, amountMinor, currency: "usd" };
}

/**
 * What an intent for a product or payment link costs, or null when the caller names neither (the
 * amount is then the caller's own, which only a secret key — or a workspace that allows custom
 * amounts from the browser — may set). `browser`: the caller is a publishable key.
 */
export async function cataloguePrice(
  db: Db,
  place: CataloguePlace,
  item: { productId?: string | undefined; paymentLinkId?: string | undefined },
  options: { browser: boolean },
): Promise<CataloguePrice | null> {
  if (item.paymentLinkId !== undefined) return linkPrice(db, place, item.paymentLinkId, item.productId);
  if (item.productId !== undefined) return productPrice(db, place, item.productId, options);
  return null;
}
