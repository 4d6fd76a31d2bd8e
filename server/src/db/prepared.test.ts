import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { PREPARED, prepareMarkedStatements } from "./prepared.ts";

/**
 * A marked statement is parsed and planned once per connection (a named prepared statement); other
 * statements, and every way of calling `query`, behave as pg's own.
 */

const onPostgres = process.env.SPAY_TEST_DB === "postgres";

let api: TestApi;
let pool: pg.Pool;

beforeAll(async () => {
  api = await startTestApi();
  if (!onPostgres) return;
  pool = new pg.Pool({ connectionString: api.databaseUrl ?? undefined, max: 1 });
  prepareMarkedStatements(pool);
});
afterAll(async () => {
  await pool?.end();
  await api?.close();
});

/** The statements this session holds prepared (PostgreSQL lists a session's own only). */
async function preparedTexts(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("select statement from pg_prepared_statements");
  return rows.map((r) => r.statement);
}

describe.skipIf(!onPostgres)("prepared statements on PostgreSQL", () => {
  it("a marked statement is held prepared by its connection and reused; an unmarked one is not", async () => {
    const client = await pool.connect();
    try {
      const marked = `${PREPARED}select $1::int + 1 as n`;
      expect((await client.query(marked, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(marked, [41])).rows).toEqual([{ n: 42 }]);
      await client.query("select $1::int - 1 as n", [1]);
      const texts = await preparedTexts(client);
      expect(texts.filter((t) => t === marked)).toHaveLength(1);
      expect(texts.some((t) => t.includes("- 1 as n"))).toBe(false);
    } finally {
      client.release();
    }
  });

  it("pool.query (pg's callback form underneath) answers a marked statement and frees the connection", async () => {
    // With one connection, a query that never handed its connection back would hang the second.
    const first = await pool.query(`${PREPARED}select $1::text as word`, ["first"]);
    const second = await pool.query(`${PREPARED}select $1::text as word`, ["second"]);
    expect([first.rows[0]?.word, second.rows[0]?.word]).toEqual(["first", "second"]);
  });

  it("the gateway's prepared payment-intent create answers each call with its own values, keyed or not", async () => {
    const merchant = await setupMerchant(api);
    for (const [amount, key] of [
      [101, "prepared-101"],
      [102, undefined],
      [103, "prepared-103"],
    ] as const) {
      const res = await api.request("POST", "/v1/payment_intents", {
        token: merchant.sk,
        body: { amount_minor: amount },
        ...(key ? { headers: { "idempotency-key": key } } : {}),
      });
      expect(res.status).toBe(201);
      expect((res.body as { amount_minor: number }).amount_minor).toBe(amount);
    }
  });
});
