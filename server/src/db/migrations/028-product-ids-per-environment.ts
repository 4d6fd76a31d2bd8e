import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * A merchant may choose its products' ids (`prod_shirt`), and those ids were one namespace for the
 * whole gateway: a second tenant choosing `prod_shirt` got 409 `id_taken`, learning that somebody
 * else sells a `prod_shirt`. An id now names a product within one environment — two tenants, and the
 * test and live environments of one workspace, each have their own `prod_shirt` — so the key is
 * `(id, environment_id)` (an environment belongs to one workspace, so this is also per workspace).
 * `id` leads the key so a lookup by id alone (a session acting on its whole workspace) still reads
 * one index range.
 *
 * What points at a product points at it within its own environment: a payment link's or an image's
 * `(product_id, environment_id)`. The on-delete rules stay: a deleted product leaves its link behind
 * without a product (only `product_id` is cleared; the link stays in its environment) and takes its
 * image with it. Payment intents keep `product_id` as history, without a key; they are read with
 * the intent's environment.
 *
 * Existing rows: an image always lived in its product's environment; this is made certain before
 * the key is checked. A link whose product lived in another environment could never sell it (its
 * price is looked up in the link's own environment) — it is cut loose from that product and stops
 * selling, rather than the upgrade failing on it.
 *
 * `on delete set null (product_id)` needs PostgreSQL 15 or later (PGlite is 17).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `update product_images set environment_id = p.environment_id, workspace_id = p.workspace_id
       from products p
       where p.id = product_images.product_id
         and (product_images.environment_id <> p.environment_id or product_images.workspace_id <> p.workspace_id);
     update payment_links set product_id = null, active = false
       where product_id is not null
         and not exists (
           select 1 from products p
           where p.id = payment_links.product_id and p.environment_id = payment_links.environment_id
         );

     alter table payment_links drop constraint payment_links_product_id_fkey;
     alter table product_images drop constraint product_images_product_id_fkey;
     alter table products drop constraint products_pkey;
     alter table products add constraint products_pkey primary key (id, environment_id);

     alter table payment_links add constraint payment_links_product_fkey
       foreign key (product_id, environment_id) references products(id, environment_id)
       on delete set null (product_id);
     alter table product_images add constraint product_images_product_fkey
       foreign key (product_id, environment_id) references products(id, environment_id)
       on delete cascade;
     drop index product_images_product;
     create unique index product_images_product on product_images(product_id, environment_id);`,
  );
}
