import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Product images. A product has at most one image; its row lists the webp variants made from the
 * upload (width, height and the storage key of each, the key carrying a hash of the bytes so a
 * URL never changes meaning). The row goes with its product. The bytes themselves live in the
 * data folder for an embedded server, or in `product_image_blobs` on PostgreSQL; a variant is
 * served only while a row lists it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `create table product_images (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      source_format text not null check (source_format in ('jpeg', 'png', 'webp', 'avif', 'gif')),
      variants jsonb not null,
      created_at bigint not null
    );
    create unique index product_images_product on product_images(product_id);

    create table product_image_blobs (
      key text primary key,
      bytes bytea not null,
      created_at bigint not null
    );`,
  );
}
