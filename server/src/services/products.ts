import type { z } from "@hono/zod-openapi";
import type { Db } from "../db/database.ts";
import type { PaymentIntentRow, ProductRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { Pagination } from "../http/openapi.ts";
import type { ProductSchema } from "../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { environmentOf } from "./environments.ts";
import { fetchPage, type Page, pageCursor } from "./pagination.ts";
import { syncProductLink } from "./payment-links.ts";
import { prepareProductImage } from "./product-images/prepare.ts";
import {
  imageOfProduct,
  type ProductKey,
  productImageView,
  removeImageOfProduct,
  replaceProductImage,
} from "./product-images/product-images.ts";
import { transaction } from "./write-transaction.ts";

export interface ProductInput {
  id?: string | undefined;
  name: string;
  description?: string | null | undefined;
  stock: number;
  view_type: "card" | "button";
  price_minor: number;
  currency: string;
  require_email: boolean;
  require_shipping_address: boolean;
  /** Enables or disables the product's payment link. */
  link_active?: boolean | undefined;
}

export type ProductView = z.infer<typeof ProductSchema>;

async function productView(deps: Deps, db: Db, row: ProductRow): Promise<ProductView> {
  const link = await db
    .selectFrom("payment_links")
    .select(["id", "active"])
    .where("product_id", "=", row.id)
    .where("environment_id", "=", row.environment_id)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const image = await imageOfProduct(db, row);
  return {
    id: row.id,
    object: "product",
    environment_id: row.environment_id,
    name: row.name,
    description: row.description,
    stock: row.stock,
    view_type: row.view_type,
    price_minor: row.price_minor,
    price: row.price_minor / 100,
    currency: row.currency,
    require_email: row.require_email,
    require_shipping_address: row.require_shipping_address,
    payment_link: link
      ? { id: link.id, active: link.active, url: `${deps.config.publicUrl}/payment-links/${link.id}` }
      : null,
    image: productImageView(deps.config.publicUrl, image),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A merchant chooses its products' ids, and an id names a product only within one environment: the
 * test and live environments of a workspace may each have a `prod_shirt`. A session without
 * X-Environment-Id acts on the whole workspace, so an id held by two of its environments names no
 * one product — rather than guess (and change the live one when the sandbox one was meant), it must
 * say which with X-Environment-Id.
 */
function environmentAmbiguous(id: string, param = "X-Environment-Id"): ApiError {
  return new ApiError("parameter_missing", {
    message: `More than one environment of this workspace has a product '${id}': name one with the X-Environment-Id header`,
    param,
  });
}

/**
 * As in the list, a key (or X-Environment-Id) sees only its environment: a test key cannot touch
 * live products, and another tenant's product of the same id is not there at all.
 */
async function findProduct(db: Db, scope: WorkspaceScope, id: string): Promise<ProductRow> {
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "products"))
    .limit(2)
    .execute();
  if (rows.length > 1) throw environmentAmbiguous(id);
  const row = rows[0];
  if (!row) throw notFound("product", id);
  return row;
}

/** The product itself, by its whole key, once {@link findProduct} has found it for the caller. */
async function productByKey(db: Db, product: ProductKey): Promise<ProductRow> {
  return db
    .selectFrom("products")
    .selectAll()
    .where("id", "=", product.id)
    .where("environment_id", "=", product.environment_id)
    .executeTakeFirstOrThrow(() => notFound("product", product.id));
}

export async function getProduct(deps: Deps, scope: WorkspaceScope, id: string): Promise<ProductView> {
  return productView(deps, deps.db, await findProduct(deps.db, scope, id));
}

export async function listProducts(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination,
  url: string,
): Promise<Page<ProductView>> {
  const cursor = pageCursor(page);
  if (cursor && !scope.environmentId) {
    // A cursor is a position in one list; an id two environments hold names two positions.
    const holders = await deps.db
      .selectFrom("products")
      .select("environment_id")
      .where("id", "=", cursor.id)
      .where(ownedBy(scope, "products"))
      .limit(2)
      .execute();
    if (holders.length > 1) throw environmentAmbiguous(cursor.id, cursor.param);
  }
  const query = deps.db.selectFrom("products").selectAll().where(ownedBy(scope, "products"));
  const result = await fetchPage(deps.db, "products", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: await Promise.all(result.data.map((r) => productView(deps, deps.db, r))) };
}

/** Creates the product and its active payment link together (SPEC.md §4 "Product links"). */
export async function createProduct(
  deps: Deps,
  scope: WorkspaceScope,
  input: ProductInput,
): Promise<ProductView> {
  const now = nowSeconds();
  try {
    return await transaction(deps, async (trx) => {
      const environment = await environmentOf(trx, scope.workspaceId, scope.environmentId);
      const row = await trx
        .insertInto("products")
        .values({
          id: input.id ?? newId("product"),
          workspace_id: scope.workspaceId,
          environment_id: environment.id,
          name: input.name,
          description: input.description ?? null,
          stock: input.stock,
          view_type: input.view_type,
          price_minor: input.price_minor,
          currency: input.currency,
          require_email: input.require_email,
          require_shipping_address: input.require_shipping_address,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await syncProductLink(trx, row, { active: input.link_active ?? true });
      return productView(deps, trx, row);
    });
  } catch (err) {
    // The key is (id, environment): only the caller's own environment can have taken the id.
    if (isUniqueViolation(err)) throw new ApiError("id_taken", { param: "id" });
    throw err;
  }
}

export async function updateProduct(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  input: ProductInput,
): Promise<ProductView> {
  return transaction(deps, async (trx) => {
    const found = await findProduct(trx, scope, id);
    const row = await trx
      .updateTable("products")
      .set({
        name: input.name,
        description: input.description ?? null,
        stock: input.stock,
        view_type: input.view_type,
        price_minor: input.price_minor,
        currency: input.currency,
        require_email: input.require_email,
        require_shipping_address: input.require_shipping_address,
        updated_at: nowSeconds(),
      })
      .where("id", "=", id)
      .where("environment_id", "=", found.environment_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await syncProductLink(trx, row, input.link_active === undefined ? {} : { active: input.link_active });
    return productView(deps, trx, row);
  });
}

/** What the catalogue says an intent for a product (or a payment link) costs. */
export interface CataloguePrice {
  productId: string | null;
  amountMinor: number;
  currency: "usd";
}

/**
 * The price of a product sold in `environmentId`, for a new payment intent. The product must be of
 * the intent's own workspace and environment (another environment's product is as unknown as another
 * tenant's: 404), have a price, and be in stock. `browser`: the caller is a publishable key, which
 * may only buy what the merchant offers — a product whose payment link is disabled is not on sale.
 */
export async function productPrice(
  db: Db,
  place: { workspaceId: string; environmentId: string },
  productId: string,
  options: { browser: boolean },
): Promise<CataloguePrice> {
  const product = await db
    .selectFrom("products")
    .select(["id", "price_minor", "currency", "stock"])
    .select((eb) =>
      eb
        .selectFrom("payment_links")
        .select("active")
        .whereRef("payment_links.product_id", "=", "products.id")
        .whereRef("payment_links.environment_id", "=", "products.environment_id")
        .orderBy("seq", "desc")
        .limit(1)
        .as("link_active"),
    )
    .where("id", "=", productId)
    .where("workspace_id", "=", place.workspaceId)
    .where("environment_id", "=", place.environmentId)
    .executeTakeFirst();
  if (!product) throw notFound("product", productId, "product_id");
  if (options.browser && product.link_active === false)
    throw new ApiError("payment_link_disabled", { param: "product_id" });
  if (product.price_minor <= 0) throw new ApiError("product_price_required", { param: "product_id" });
  if (product.stock <= 0) throw new ApiError("product_sold_out", { param: "product_id" });
  return { productId: product.id, amountMinor: product.price_minor, currency: "usd" };
}

/**
 * Settlement sells one unit: called by the settlement transition, in its transaction, when an intent
 * for a product first reaches payment_settled. Stock never goes below 0: an intent created while
 * stock remained still settles when the last unit was sold meanwhile (the customer has paid), and the
 * merchant sees stock 0 — the product is then sold out for new intents.
 */
export async function decrementStockOnSettlement(trx: Db, intent: PaymentIntentRow): Promise<void> {
  if (!intent.product_id) return;
  // The intent's product is the one of that id in the intent's environment: a sandbox payment never
  // sells the live product that happens to share its id.
  await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", 1), updated_at: nowSeconds() }))
    .where("id", "=", intent.product_id)
    .where("workspace_id", "=", intent.workspace_id)
    .where("environment_id", "=", intent.environment_id)
    .where("stock", ">", 0)
    .execute();
}

/**
 * Legacy `POST /api/products` sync: create or update by the client's id. Only the caller's own
 * products are looked at: another tenant's (or environment's) product of the same id is another
 * product, neither updated nor in the way, and its existence shows nowhere in the answer.
 */
export async function upsertProduct(
  deps: Deps,
  scope: WorkspaceScope,
  input: ProductInput & { id: string },
): Promise<ProductView> {
  const existing = await deps.db
    .selectFrom("products")
    .select("environment_id")
    .where("id", "=", input.id)
    .where(ownedBy(scope, "products"))
    .limit(2)
    .execute();
  if (existing.length > 1) throw environmentAmbiguous(input.id);
  return existing.length > 0
    ? updateProduct(deps, scope, input.id, input)
    : createProduct(deps, scope, input);
}

/**
 * Sets the product's image from an uploaded file (the bytes decide its type; see
 * {@link prepareProductImage}). The product is checked first, so another tenant's or environment's
 * product is 404 before its upload is even decoded, and a refused file stores nothing.
 */
export async function setProductImage(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  upload: { bytes: Buffer; contentType: string | undefined },
): Promise<ProductView> {
  const product = await findProduct(deps.db, scope, id);
  const prepared = await prepareProductImage(upload.bytes, upload.contentType);
  await replaceProductImage(deps, product, prepared);
  return productView(deps, deps.db, await productByKey(deps.db, product));
}

export async function removeProductImage(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
): Promise<ProductView> {
  const product = await findProduct(deps.db, scope, id);
  await removeImageOfProduct(deps, product);
  return productView(deps, deps.db, await productByKey(deps.db, product));
}

export async function deleteProduct(deps: Deps, scope: WorkspaceScope, id: string): Promise<void> {
  const product = await findProduct(deps.db, scope, id);
  await removeImageOfProduct(deps, product);
  await transaction(deps, async (trx) => {
    // The product's links stop selling it; intents keep their product_id for history. Only this
    // environment's: another tenant's product of the same id, and its links, are untouched.
    await trx
      .updateTable("payment_links")
      .set({ active: false, updated_at: nowSeconds() })
      .where("product_id", "=", id)
      .where("environment_id", "=", product.environment_id)
      .execute();
    await trx
      .deleteFrom("products")
      .where("id", "=", id)
      .where("environment_id", "=", product.environment_id)
      .execute();
  });
}
