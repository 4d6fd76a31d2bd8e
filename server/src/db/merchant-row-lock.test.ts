import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../../test/fault-kit.ts";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

/**
 * A merchant's payment intents never lock the merchant's own rows: every create would otherwise
 * share one row lock (a foreign-key check takes `for key share` on the workspace and environment
 * it names), and anything holding that row — a settings change, a deletion under way — would stall
 * every checkout of that merchant until it commits.
 */
describe.skipIf(!onPostgres)("creates do not wait on the merchant's rows", () => {
  let api: TestApi;
  let merchant: Merchant;
  let environmentId: string;

  beforeAll(async () => {
    api = await startTestApi();
    merchant = await setupMerchant(api);
    const key = await api.deps.db
      .selectFrom("api_keys")
      .select("environment_id")
      .where("workspace_id", "=", merchant.workspaceId)
      .executeTakeFirstOrThrow();
    environmentId = key.environment_id;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  /** Creates an intent while another session holds `table`'s row `id` for update. */
  async function createWhileHeld(table: "workspaces" | "environments", id: string) {
    const url = api.databaseUrl;
    if (!url) throw new Error("the PostgreSQL project gives each file a database URL");
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(`select 1 from ${table} where id = $1 for update`, [id]);
      const created = api.request("POST", "/v1/payment_intents", {
        token: merchant.sk,
        body: { amount_minor: 4200 },
      });
      const stalled = new Promise<"stalled">((r) => setTimeout(() => r("stalled"), 3_000));
      return await Promise.race([created.then((res) => res.status), stalled]);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
  }

  it("with the workspace's row held for update, a create still answers at once", async () => {
    expect(await createWhileHeld("workspaces", merchant.workspaceId)).toBe(201);
  });

  it("with the environment's row held for update, a create still answers at once", async () => {
    expect(await createWhileHeld("environments", environmentId)).toBe(201);
  });
});
