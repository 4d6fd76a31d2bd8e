import type { z } from "@hono/zod-openapi";
import type { Db } from "../db/database.ts";
import type { PaymentLinkRow, ProductRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { payoutAddressFor } from "../domain/stacks-address.ts";
import type { Deps } from "../http/context.ts";
import type { PaymentLinkSchema } from "../http/schemas.ts";
import { ownedBy, ownsRow, type WorkspaceScope } from "./access.ts";
import { environmentOf } from "./environments.ts";
import { imageOfProduct, productImageView } from "./product-images/product-images.ts";
import { transaction } from "./write-transaction.ts";

/**
 * The API's `payment_link` object. `sold_out`: the link's product has no stock left, so the page says
 * "Sold out" and intents for it are refused; links without a product (legacy product_data only) have
 * no stock to run out of.
 */
export type PaymentLinkView = z.infer<typeof PaymentLinkSchema>;

/** The public fields a payment-link page renders, from the product. */
function productData(product: ProductRow): Record<string, unknown> {
  return {
    name: product.name,
    description: product.description,
    price: product.price_minor / 100,
    price_minor: product.price_minor,
    currency: product.currency,
    stock: product.stock,
    viewType: product.view_type,
    require_email: product.require_email,
    require_shipping_address: product.require_shipping_address,
  };
}

/** The price in cents a link without a product shows: `price_minor`, or legacy dollars rounded. */
export function legacyLinkPriceMinor(productData: Record<string, unknown>): number | null {
  const { price_minor: minor, price } = productData;
  if (typeof minor === "number") return Number.isSafeInteger(minor) ? minor : null;
  return typeof price === "number" && Number.isFinite(price) ? Math.round(price * 100) : null;
}

/**
 * An active payment link sells something, so it needs a price above $0: a $0 product
 * may exist in the catalogue, but only with its link disabled.
 */
function assertSellable(active: boolean, priceMinor: number | null, param: string): void {
  if (active && (priceMinor === null || priceMinor <= 0))
    throw new ApiError("product_price_required", { param });
}

/**
 * A saved legacy link that will be active has a price: its product's, or product_data's without one.
 * The product is the one of that id in the link's own environment (another tenant may use the id too).
 */
async function assertLinkPriced(
  db: Db,
  link: {
    active: boolean;
    environmentId: string;
    productId: string | null;
    productData: Record<string, unknown>;
  },
): Promise<void> {
  if (!link.active) return;
  if (!link.productId) return assertSellable(true, legacyLinkPriceMinor(link.productData), "product_data");
  const product = await db
    .selectFrom("products")
    .select("price_minor")
    .where("id", "=", link.productId)
    .where("environment_id", "=", link.environmentId)
    .executeTakeFirst();
  // An unknown product is refused (404) by the caller's own check.
  if (product) assertSellable(true, product.price_minor, "product_id");
}

/**
 * Creates the product's link on first save, and keeps its product_data in step afterwards. The link
 * is found in the product's environment: the same product id elsewhere is another product.
 */
export async function syncProductLink(
  db: Db,
  product: ProductRow,
  options: { active?: boolean },
): Promise<void> {
  const now = nowSeconds();
  const existing = await db
    .selectFrom("payment_links")
    .select(["id", "active"])
    .where("product_id", "=", product.id)
    .where("environment_id", "=", product.environment_id)
    .executeTakeFirst();
  assertSellable(options.active ?? existing?.active ?? true, product.price_minor, "price_minor");
  if (existing) {
    await db
      .updateTable("payment_links")
      .set({
        product_data: JSON.stringify(productData(product)),
        updated_at: now,
        ...(options.active === undefined ? {} : { active: options.active }),
      })
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  const wallet = await db
    .selectFrom("workspace_wallets")
    .select("stacks_address")
    .where("workspace_id", "=", product.workspace_id)
    .executeTakeFirst();
  await db
    .insertInto("payment_links")
    .values({
      id: newId("paymentLink"),
      workspace_id: product.workspace_id,
      environment_id: product.environment_id,
      product_id: product.id,
      merchant_id: null,
      product_data: JSON.stringify(productData(product)),
      merchant_wallet: wallet?.stacks_address ?? null,
      active: options.active ?? true,
      expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export interface PaymentLinkInput {
  id?: string | undefined;
  merchant_id?: string | null | undefined;
  product_id?: string | null | undefined;
  product_data: Record<string, unknown>;
  merchant_wallet?: string | null | undefined;
  /** New links start active. */
  active?: boolean | undefined;
  expires_at?: number | null | undefined;
}

/** Legacy `POST /api/payment-links`: create, or update the caller's own link with that id. */
export async function upsertPaymentLink(
  deps: Deps,
  scope: WorkspaceScope,
  input: PaymentLinkInput,
): Promise<PaymentLinkView> {
  const now = nowSeconds();
  const id = input.id ?? newId("paymentLink");
  return transaction(deps, async (trx) => {
    const existing = await trx
      .selectFrom("payment_links")
      .select(["id", "workspace_id", "environment_id", "product_id", "active"])
      .where("id", "=", id)
      .executeTakeFirst();
    // Another tenant's or another environment's link id is "taken", never updated. Unlike a
    // product's id, a link's id stays one namespace for the whole gateway: it alone names the public
    // page `/payment-links/{id}`, which anyone may open, so "taken" tells nothing that page does not.
    if (existing && !ownsRow(scope, existing)) throw new ApiError("id_taken", { param: "id" });
    // The link lives in one environment and may only sell that environment's products.
    const environmentId =
      existing?.environment_id ?? (await environmentOf(trx, scope.workspaceId, scope.environmentId)).id;
    if (input.product_id) {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", input.product_id)
        .where(ownedBy({ ...scope, environmentId }, "products"))
        .executeTakeFirst();
      if (!product)
        throw new ApiError("resource_missing", {
          message: `No such product: '${input.product_id}'`,
          param: "product_id",
        });
    }
    await assertLinkPriced(trx, {
      active: input.active ?? existing?.active ?? true,
      environmentId,
      productId: input.product_id !== undefined ? input.product_id : (existing?.product_id ?? null),
      productData: input.product_data,
    });
    // An update changes only what the body names: the dashboard's sync sends no product_id or
    // expires_at, and must not cut the link loose from its product or make it stop expiring.
    const given = {
      ...(input.merchant_id !== undefined ? { merchant_id: input.merchant_id } : {}),
      ...(input.product_id !== undefined ? { product_id: input.product_id } : {}),
      ...(input.merchant_wallet !== undefined ? { merchant_wallet: input.merchant_wallet } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.expires_at !== undefined ? { expires_at: input.expires_at } : {}),
      product_data: JSON.stringify(input.product_data),
      updated_at: now,
    };
    if (existing) await trx.updateTable("payment_links").set(given).where("id", "=", id).execute();
    else {
      await trx
        .insertInto("payment_links")
        .values({
          id,
          workspace_id: scope.workspaceId,
          environment_id: environmentId,
          merchant_id: null,
          product_id: null,
          merchant_wallet: null,
          active: true,
          expires_at: null,
          created_at: now,
          ...given,
        })
        .execute();
    }
    return publicPaymentLink(deps, trx, id, { allowInactive: true });
  });
}

async function linkView(deps: Deps, db: Db, row: PaymentLinkRow): Promise<PaymentLinkView> {
  const workspace = await db
    .selectFrom("workspaces")
    .leftJoin("workspace_wallets", "workspace_wallets.workspace_id", "workspaces.id")
    .innerJoin("environments", "environments.workspace_id", "workspaces.id")
    .select(["workspaces.display_name", "workspace_wallets.stacks_address", "environments.type"])
    .where("workspaces.id", "=", row.workspace_id)
    .where("environments.id", "=", row.environment_id)
    .executeTakeFirst();
  const env = workspace?.type === "production" ? "live" : "test";
  // The product is the truth: its price and stock now (stock falls as payments settle), whatever
  // product_data a client once synced. It is the one of that id in the link's environment.
  const product = row.product_id
    ? await db
        .selectFrom("products")
        .selectAll()
        .where("id", "=", row.product_id)
        .where("environment_id", "=", row.environment_id)
        .executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    object: "payment_link",
    url: `${deps.config.publicUrl}/payment-links/${row.id}`,
    product_id: row.product_id,
    merchant_id: row.merchant_id,
    merchant_name: workspace?.display_name ?? null,
    product_data: product
      ? {
          ...row.product_data,
          ...productData(product),
          image: productImageView(deps.config.publicUrl, await imageOfProduct(db, product)),
        }
      : // Images are the catalogue's, served by the gateway: never a URL a client synced.
        { ...row.product_data, image: null },
    // The verified payout wallet wins over whatever a client once synced.
    merchant_wallet: payoutAddressFor(workspace?.stacks_address ?? null, env) ?? row.merchant_wallet,
    active: row.active,
    sold_out: product !== undefined && product.stock <= 0,
    env,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}

/** Public read: 404 unknown, 410 expired, 403 `payment_link_disabled` for a disabled link. */
export async function publicPaymentLink(
  deps: Deps,
  db: Db,
  id: string,
  options: { allowInactive?: boolean } = {},
): Promise<PaymentLinkView> {
  const row = await db.selectFrom("payment_links").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError("payment_link_not_found", { param: "id" });
  if (!options.allowInactive) {
    if (row.expires_at !== null && row.expires_at <= nowSeconds())
      throw new ApiError("payment_link_expired", { param: "id" });
    if (!row.active) throw new ApiError("payment_link_disabled", { param: "id" });
  }
  return linkView(deps, db, row);
}
