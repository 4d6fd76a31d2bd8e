import { randomBytes } from "node:crypto";
import { SBTC_CONTRACT } from "@spay/protocol";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MigrationDatabase, openMigrationDatabase } from "../../../test/migration-database.ts";

/**
 * Migration 024 moved money in US dollars from cents to micro-dollars. Rows written before it are
 * backfilled: cents × 10 000, except x402 payments in USDC (and their refunds), whose atomic units
 * are the exact micro-dollars the cents had rounded away — a $0.001 call must read $0.001 after the
 * upgrade, not $0.00. This file writes the rows a gateway at 023 holds, runs 024, and reads back.
 *
 * It needs an empty database stopped at 023: the harness's databases start migrated to the latest.
 * In-memory PGlite, or with SPAY_TEST_DB=postgres a private database on the server, dropped after.
 */

const BEFORE = "023-no-trigger-on-a-create";
const MIGRATION = "024-sub-cent-money";
const USDC_CONTRACT = "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx";
const NOW = 1_760_000_000;

let migration: MigrationDatabase;
let db: Kysely<unknown>;
const insert: MigrationDatabase["insert"] = (table, row) => migration.insert(table, row);

/** A payment intent of workspace `ws_mig`'s test environment, settled unless told otherwise. */
function intent(id: string, fields: Record<string, string | number | null>) {
  return insert("payment_intents", {
    id,
    workspace_id: "ws_mig",
    environment_id: "env_mig_test",
    env: "test",
    currency: "usd",
    recipient: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM",
    memo: `memo_${id}`,
    status: "payment_settled",
    fulfillment_status: "unfulfilled",
    txid: `0x${randomBytes(32).toString("hex")}`,
    metadata: "{}",
    expires_at: NOW + 3600,
    created_at: NOW,
    updated_at: NOW,
    ...fields,
  });
}

function refund(id: string, paymentIntentId: string, fields: Record<string, string | number | null>) {
  return insert("refunds", {
    id,
    workspace_id: "ws_mig",
    environment_id: "env_mig_test",
    env: "test",
    payment_intent_id: paymentIntentId,
    source: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM",
    destination: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
    reason: "requested_by_customer",
    status: "succeeded",
    txid: `0x${randomBytes(32).toString("hex")}`,
    metadata: "{}",
    created_at: NOW,
    updated_at: NOW,
    succeeded_at: NOW,
    ...fields,
  });
}

beforeAll(async () => {
  migration = await openMigrationDatabase(BEFORE);
  db = migration.db;

  await insert("organizations", { id: "org_mig", name: "Shop", slug: "shop-mig", created_at: NOW });
  await insert("workspaces", { id: "ws_mig", organization_id: "org_mig", name: "Shop", created_at: NOW });
  await insert("environments", {
    id: "env_mig_test",
    workspace_id: "ws_mig",
    name: "Sandbox",
    type: "sandbox",
    created_at: NOW,
  });
  // Paid $12.34 by wallet and was refunded $0.50 of it: totals in whole cents.
  await insert("customers", {
    id: "cus_mig",
    workspace_id: "ws_mig",
    environment_id: "env_mig_test",
    env: "test",
    email: "payer@example.com",
    payments_count: 1,
    refunds_count: 1,
    total_paid_minor: 1234,
    total_refunded_minor: 50,
    first_payment_at: NOW,
    last_payment_at: NOW,
    created_at: NOW,
    updated_at: NOW,
  });
  // A checkout payment: $12.34 in sBTC at $100,000 per BTC (12,340 sats), $0.50 of it refunded.
  await intent("pi_card_sbtc", {
    amount_minor: 1234,
    asset: "sbtc",
    amount_asset: "12340",
    amount_received: "12340",
    amount_refunded: "500",
    usd_per_btc: "100000",
    token_contract: SBTC_CONTRACT,
    payment_method: "wallet",
    customer_email: "payer@example.com",
    customer_id: "cus_mig",
  });
  // The same price in STX at $0.50: 24.68 STX. Its atomic units are no dollars.
  await intent("pi_card_stx", {
    amount_minor: 1234,
    asset: "stx",
    amount_asset: "24680000",
    amount_received: "24680000",
    usd_per_stx: "0.5",
    token_contract: "STX",
    payment_method: "qr",
  });
  // An x402 call sold at a tenth of a cent: 1,000 µUSDC = $0.001, which whole cents made $0.00.
  await intent("pi_x402_tenth_cent", {
    amount_minor: 0,
    asset: "usdc",
    amount_asset: "1000",
    amount_received: "1000",
    token_contract: USDC_CONTRACT,
    payment_method: "x402",
  });
  // An x402 call at $1.234567: cents kept $1.23; later refunded $0.234567.
  await intent("pi_x402_dollar", {
    amount_minor: 123,
    asset: "usdc",
    amount_asset: "1234567",
    amount_received: "1234567",
    amount_refunded: "234567",
    token_contract: USDC_CONTRACT,
    payment_method: "x402",
  });
  // An x402 call paid in sBTC: 1 sat ($0.001). Its atomic units are sats, so it keeps its cents.
  await intent("pi_x402_sbtc", {
    amount_minor: 0,
    asset: "sbtc",
    amount_asset: "1",
    amount_received: "1",
    usd_per_btc: "100000",
    token_contract: SBTC_CONTRACT,
    payment_method: "x402",
  });
  // A USDC checkout not yet paid (no method chosen): its price is whole cents, $5.00.
  await intent("pi_open_usdc", {
    amount_minor: 500,
    asset: "usdc",
    amount_asset: "5000000",
    token_contract: USDC_CONTRACT,
    payment_method: null,
    status: "requires_payment_method",
    txid: null,
  });
  await refund("re_card", "pi_card_sbtc", {
    customer_id: "cus_mig",
    asset: "sbtc",
    token_contract: SBTC_CONTRACT,
    amount: "500",
    amount_minor: 50,
  });
  await refund("re_x402", "pi_x402_dollar", {
    asset: "usdc",
    token_contract: USDC_CONTRACT,
    amount: "234567",
    amount_minor: 23,
  });

  await migration.migrateTo(MIGRATION);
}, 120_000);

afterAll(async () => {
  await migration?.close();
});

describe("migration 024 backfills micro-dollars", () => {
  it("payment intents: cents × 10 000, but an x402 USDC payment's atomic units exactly", async () => {
    const { rows } = await sql<{ id: string; amount_micros: number; amount_minor: number }>`
      select id, amount_micros, amount_minor from payment_intents order by id`.execute(db);
    expect(rows).toEqual([
      { id: "pi_card_sbtc", amount_micros: 12_340_000, amount_minor: 1234 },
      { id: "pi_card_stx", amount_micros: 12_340_000, amount_minor: 1234 },
      { id: "pi_open_usdc", amount_micros: 5_000_000, amount_minor: 500 },
      { id: "pi_x402_dollar", amount_micros: 1_234_567, amount_minor: 123 },
      { id: "pi_x402_sbtc", amount_micros: 0, amount_minor: 0 },
      { id: "pi_x402_tenth_cent", amount_micros: 1000, amount_minor: 0 },
    ]);
  });

  it("refunds: as their payment, an x402 USDC refund's atomic units exactly", async () => {
    const { rows } = await sql<{ id: string; amount_micros: number; amount_minor: number }>`
      select id, amount_micros, amount_minor from refunds order by id`.execute(db);
    expect(rows).toEqual([
      { id: "re_card", amount_micros: 500_000, amount_minor: 50 },
      { id: "re_x402", amount_micros: 234_567, amount_minor: 23 },
    ]);
  });

  it("customers: their totals in micro-dollars, cents read back from them", async () => {
    const { rows } = await sql<Record<string, number | string>>`
      select id, payments_count, refunds_count, total_paid_micros, total_refunded_micros,
        total_paid_minor, total_refunded_minor from customers`.execute(db);
    expect(rows).toEqual([
      {
        id: "cus_mig",
        payments_count: 1,
        refunds_count: 1,
        total_paid_micros: 12_340_000,
        total_refunded_micros: 500_000,
        total_paid_minor: 1234,
        total_refunded_minor: 50,
      },
    ]);
  });

  it("the cents columns are generated from the micros: not null, never written, whole cents rounded down", async () => {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: string;
      is_generated: string;
      generation_expression: string | null;
    }>`
      select table_name, column_name, is_nullable, is_generated, generation_expression
      from information_schema.columns
      where table_schema = current_schema()
        and (table_name, column_name) in (
          ('payment_intents', 'amount_micros'), ('payment_intents', 'amount_minor'),
          ('refunds', 'amount_micros'), ('refunds', 'amount_minor'),
          ('customers', 'total_paid_micros'), ('customers', 'total_paid_minor'),
          ('customers', 'total_refunded_micros'), ('customers', 'total_refunded_minor'))
      order by table_name, column_name`.execute(db);
    const shape = rows.map((r) => [
      r.table_name,
      r.column_name,
      r.is_nullable,
      r.is_generated,
      r.generation_expression?.replace(/[()\s]/g, "") ?? null,
    ]);
    expect(shape).toEqual([
      ["customers", "total_paid_micros", "NO", "NEVER", null],
      ["customers", "total_paid_minor", "YES", "ALWAYS", "total_paid_micros/10000"],
      ["customers", "total_refunded_micros", "NO", "NEVER", null],
      ["customers", "total_refunded_minor", "YES", "ALWAYS", "total_refunded_micros/10000"],
      ["payment_intents", "amount_micros", "NO", "NEVER", null],
      ["payment_intents", "amount_minor", "YES", "ALWAYS", "amount_micros/10000"],
      ["refunds", "amount_micros", "NO", "NEVER", null],
      ["refunds", "amount_minor", "YES", "ALWAYS", "amount_micros/10000"],
    ]);

    // A write after the upgrade names micros only; the cents follow, and cannot be set apart.
    await sql`update payment_intents set amount_micros = 19999 where id = 'pi_x402_tenth_cent'`.execute(db);
    const { rows: after } = await sql<{ amount_minor: number }>`
      select amount_minor from payment_intents where id = 'pi_x402_tenth_cent'`.execute(db);
    expect(after).toEqual([{ amount_minor: 1 }]);
    await expect(
      sql`update payment_intents set amount_minor = 5 where id = 'pi_x402_tenth_cent'`.execute(db),
    ).rejects.toThrow(/generated|amount_minor/i);
    await expect(sql`update refunds set amount_micros = -1 where id = 're_card'`.execute(db)).rejects.toThrow(
      /refunds_amount_micros_check|check constraint/i,
    );
  });
});
