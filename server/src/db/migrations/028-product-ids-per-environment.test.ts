import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MigrationDatabase, openMigrationDatabase } from "../../../test/migration-database.ts";

/**
 * Migration 028 keys products by `(id, environment_id)`: a merchant-chosen id names a product within
 * one environment. This file writes what a gateway before it holds — products, the links and images
 * pointing at them, and the odd link that pointed across environments — runs 028, and checks that
 * the rows survived, that the same id may now exist in another environment or tenant, and that the
 * on-delete rules still hold on the new keys.
 *
 * It needs an empty database stopped before 028: the harness's databases start migrated to the
 * latest. In-memory PGlite, or with SPAY_TEST_DB=postgres a private database on the server, dropped
 * after.
 */

const BEFORE = "026-webhook-attempts-by-endpoint";
const MIGRATION = "028-product-ids-per-environment";
const NOW = 1_760_000_000;

let migration: MigrationDatabase;
let db: Kysely<unknown>;
const insert: MigrationDatabase["insert"] = (table, row) => migration.insert(table, row);

const rows = <T>(query: string) => migration.rows<T>(query);

function product(id: string, workspaceId: string, environmentId: string, priceMinor: number) {
  return insert("products", {
    id,
    workspace_id: workspaceId,
    environment_id: environmentId,
    name: `${id} of ${environmentId}`,
    stock: 5,
    view_type: "card",
    price_minor: priceMinor,
    currency: "usd",
    require_email: false,
    require_shipping_address: false,
    created_at: NOW,
    updated_at: NOW,
  });
}

function link(id: string, environmentId: string, productId: string | null) {
  return insert("payment_links", {
    id,
    workspace_id: "ws_one",
    environment_id: environmentId,
    product_id: productId,
    product_data: "{}",
    active: true,
    created_at: NOW,
    updated_at: NOW,
  });
}

function image(id: string, productId: string, environmentId: string) {
  return insert("product_images", {
    id,
    product_id: productId,
    workspace_id: "ws_one",
    environment_id: environmentId,
    source_format: "png",
    variants: "[]",
    created_at: NOW,
  });
}

beforeAll(async () => {
  migration = await openMigrationDatabase(BEFORE);
  db = migration.db;

  await insert("organizations", { id: "org_one", name: "One", slug: "one-mig", created_at: NOW });
  await insert("organizations", { id: "org_two", name: "Two", slug: "two-mig", created_at: NOW });
  await insert("workspaces", { id: "ws_one", organization_id: "org_one", name: "One", created_at: NOW });
  await insert("workspaces", { id: "ws_two", organization_id: "org_two", name: "Two", created_at: NOW });
  for (const [id, workspaceId, type] of [
    ["env_one_test", "ws_one", "sandbox"],
    ["env_one_live", "ws_one", "production"],
    ["env_two_test", "ws_two", "sandbox"],
  ] as const)
    await insert("environments", { id, workspace_id: workspaceId, name: type, type, created_at: NOW });

  await product("prod_shirt", "ws_one", "env_one_test", 2500);
  await product("prod_live_only", "ws_one", "env_one_live", 700);
  await link("plink_shirt", "env_one_test", "prod_shirt");
  // A link of production naming the sandbox's product: its price was never found in its own
  // environment, so it never sold.
  await link("plink_crossed", "env_one_live", "prod_shirt");
  await link("plink_legacy", "env_one_test", null);
  // An image row recorded under another environment than its product's.
  await image("img_shirt", "prod_shirt", "env_one_live");

  await migration.migrateTo(MIGRATION);
}, 120_000);

afterAll(async () => {
  await migration?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it("keeps every product, and the links and images that were in their product's environment", async () => {
    expect(
      await rows("select id, environment_id, price_minor::int as price from products order by id"),
    ).toEqual([
      { id: "prod_live_only", environment_id: "env_one_live", price: 700 },
      { id: "prod_shirt", environment_id: "env_one_test", price: 2500 },
    ]);
    expect(
      await rows("select id, environment_id, product_id, active from payment_links order by id"),
    ).toEqual([
      // Cut loose from a product it could never sell, and no longer on sale.
      { id: "plink_crossed", environment_id: "env_one_live", product_id: null, active: false },
      { id: "plink_legacy", environment_id: "env_one_test", product_id: null, active: true },
      { id: "plink_shirt", environment_id: "env_one_test", product_id: "prod_shirt", active: true },
    ]);
    // The image follows its product's environment.
    expect(await rows("select id, product_id, environment_id from product_images")).toEqual([
      { id: "img_shirt", product_id: "prod_shirt", environment_id: "env_one_test" },
    ]);
  });

  it("the same id may now exist in another environment and another tenant, but twice in one environment never", async () => {
    await product("prod_shirt", "ws_one", "env_one_live", 9000);
    await product("prod_shirt", "ws_two", "env_two_test", 1);
    await expect(product("prod_shirt", "ws_one", "env_one_test", 1)).rejects.toThrow();
    // A second image for one product is refused, as before; the other environment's product may have one.
    await expect(image("img_shirt_2", "prod_shirt", "env_one_test")).rejects.toThrow();
    await image("img_shirt_live", "prod_shirt", "env_one_live");
  });

  it("a link or image may only name a product of its own environment", async () => {
    await expect(link("plink_bad", "env_one_live", "prod_missing")).rejects.toThrow();
    await expect(image("img_bad", "prod_live_only", "env_one_test")).rejects.toThrow();
  });

  it("deleting a product clears its links' product_id (the link stays in its environment) and takes its image; the same id elsewhere is untouched", async () => {
    await link("plink_shirt_live", "env_one_live", "prod_shirt");
    await sql`delete from products where id = 'prod_shirt' and environment_id = 'env_one_test'`.execute(db);
    expect(
      await rows(
        "select id, environment_id, product_id from payment_links where id like 'plink_shirt%' order by id",
      ),
    ).toEqual([
      { id: "plink_shirt", environment_id: "env_one_test", product_id: null },
      { id: "plink_shirt_live", environment_id: "env_one_live", product_id: "prod_shirt" },
    ]);
    expect(await rows("select id from product_images order by id")).toEqual([{ id: "img_shirt_live" }]);
    expect(
      await rows("select environment_id from products where id = 'prod_shirt' order by environment_id"),
    ).toEqual([{ environment_id: "env_one_live" }, { environment_id: "env_two_test" }]);
  });

  it("deleting an environment still takes its products, links and images", async () => {
    await sql`delete from environments where id = 'env_one_live'`.execute(db);
    expect(await rows("select id from products where environment_id = 'env_one_live'")).toEqual([]);
    expect(await rows("select id from payment_links where environment_id = 'env_one_live'")).toEqual([]);
    expect(await rows("select id from product_images")).toEqual([]);
  });
});
