import type { Db } from "../../db/database.ts";
import type { ProductImageRow, ProductImageVariant } from "../../db/schema.ts";
import { notFound } from "../../domain/errors.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { transaction } from "../write-transaction.ts";
import { IMAGE_KEY } from "./image-store.ts";
import type { PreparedImage } from "./prepare.ts";

/** Where variants are served from: public, outside the OpenAPI objects, cacheable forever. */
export const PRODUCT_IMAGE_PATH = "/v1/product_images";

/** The `image` of a product (and of its payment link's product_data). */
export interface ProductImageView {
  /** The largest variant. */
  url: string;
  /** Every variant as `url {width}w`, for `<img srcset>`. */
  srcset: string;
  width: number;
  height: number;
  variants: { width: number; height: number; url: string }[];
}

export function productImageView(
  publicUrl: string,
  row: ProductImageRow | undefined,
): ProductImageView | null {
  if (!row) return null;
  const variants = row.variants.map((v) => ({
    width: v.width,
    height: v.height,
    url: `${publicUrl}${PRODUCT_IMAGE_PATH}/${v.key}`,
  }));
  const largest = variants[variants.length - 1];
  if (!largest) return null;
  return {
    url: largest.url,
    srcset: variants.map((v) => `${v.url} ${v.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
    variants,
  };
}

/** A product as its images know it: an id names a product only within its environment. */
export interface ProductKey {
  id: string;
  environment_id: string;
}

export function imageOfProduct(db: Db, product: ProductKey): Promise<ProductImageRow | undefined> {
  return db
    .selectFrom("product_images")
    .selectAll()
    .where("product_id", "=", product.id)
    .where("environment_id", "=", product.environment_id)
    .executeTakeFirst();
}

const keysOf = (row: { variants: ProductImageVariant[] } | undefined) =>
  row?.variants.map((v) => v.key) ?? [];

/**
 * Makes `prepared` the product's image, replacing any other. The bytes are stored first, then the
 * row is swapped under the product's row lock (concurrent uploads for one product take turns, the
 * last one wins); the replaced image's bytes are deleted once nothing lists them. A product deleted
 * meanwhile is 404, and what was just stored is removed again.
 */
export async function replaceProductImage(
  deps: Deps,
  product: { id: string; workspace_id: string; environment_id: string },
  prepared: PreparedImage,
): Promise<void> {
  const id = newId("productImage");
  const variants: ProductImageVariant[] = prepared.variants.map((v) => ({
    width: v.width,
    height: v.height,
    key: `${id}-${v.width}-${v.hash}.webp`,
  }));
  const stored: string[] = [];
  try {
    for (const [i, variant] of variants.entries()) {
      await deps.images.put(variant.key, (prepared.variants[i] as PreparedImage["variants"][number]).bytes);
      stored.push(variant.key);
    }
    const replaced = await transaction(deps, async (trx) => {
      const locked = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", product.id)
        .where("environment_id", "=", product.environment_id)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) throw notFound("product", product.id);
      const previous = await imageOfProduct(trx, product);
      if (previous) await trx.deleteFrom("product_images").where("id", "=", previous.id).execute();
      await trx
        .insertInto("product_images")
        .values({
          id,
          product_id: product.id,
          workspace_id: product.workspace_id,
          environment_id: product.environment_id,
          source_format: prepared.sourceFormat,
          variants: JSON.stringify(variants),
          created_at: nowSeconds(),
        })
        .execute();
      return previous;
    });
    await deps.images.delete(keysOf(replaced));
  } catch (err) {
    await deps.images.delete(stored).catch(() => {});
    throw err;
  }
}

/** Drops the product's image row and its bytes; a product without one is left as it is. */
export async function removeImageOfProduct(deps: Deps, product: ProductKey): Promise<void> {
  const removed = await deps.db
    .deleteFrom("product_images")
    .where("product_id", "=", product.id)
    .where("environment_id", "=", product.environment_id)
    .returningAll()
    .executeTakeFirst();
  await deps.images.delete(keysOf(removed));
}

/**
 * The bytes of a served variant. Only a key listed by a product's current image is served: bytes
 * left behind by a deleted product or environment are never reachable.
 */
export async function productImageFile(deps: Deps, key: string): Promise<Buffer | null> {
  if (!IMAGE_KEY.test(key)) return null;
  const imageId = key.slice(0, key.indexOf("-"));
  const row = await deps.db
    .selectFrom("product_images")
    .select("variants")
    .where("id", "=", imageId)
    .executeTakeFirst();
  if (!row?.variants.some((v) => v.key === key)) return null;
  return deps.images.get(key);
}
