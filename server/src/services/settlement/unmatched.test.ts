import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";

/**
 * `GET /v1/unmatched_transfers` pages like every list (newest first, txid cursors). The rows are
 * written as the watcher writes them (the devnet tests in src/attacks/front-running.test.ts cover
 * how they come to exist); here only the paging is under test.
 */
let api: TestApi;
let merchant: Merchant;
const txids = Array.from({ length: 5 }, (_, i) => `0x${String(i).repeat(64)}`);

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  const env = await api.deps.db
    .selectFrom("environments")
    .select("id")
    .where("workspace_id", "=", merchant.workspaceId)
    .where("type", "=", "sandbox")
    .executeTakeFirstOrThrow();
  await api.deps.db
    .insertInto("unmatched_transfers")
    .values(
      txids.map((txid, i) => ({
        txid,
        workspace_id: merchant.workspaceId,
        environment_id: env.id,
        env: "test" as const,
        recipient: merchant.wallet.address,
        token_contract: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
        asset: "sbtc",
        amount: String(1000 + i),
        sender: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5",
        memo: null,
        block_height: 10 + i,
        assigned_intent_id: null,
        assigned_at: null,
        assigned_by: null,
        // Two share a second: the txid breaks the tie, so no row is skipped or shown twice.
        created_at: 1_800_000_000 + Math.min(i, 3),
      })),
    )
    .execute();
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const page = async (query: string) => {
  const res = await api.request("GET", `/v1/unmatched_transfers?${query}`, { token: merchant.sk });
  expect(res.status).toBe(200);
  return res.body as { data: { txid: string }[]; has_more: boolean };
};

describe("listing unmatched transfers", () => {
  it("pages newest first with starting_after, then back with ending_before, without gaps or repeats", async () => {
    const newestFirst = [...txids].reverse();
    const first = await page("limit=2");
    expect(first.data.map((t) => t.txid)).toEqual(newestFirst.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await page(`limit=2&starting_after=${first.data[1]?.txid}`);
    expect(second.data.map((t) => t.txid)).toEqual(newestFirst.slice(2, 4));
    const third = await page(`limit=2&starting_after=${second.data[1]?.txid}`);
    expect(third.data.map((t) => t.txid)).toEqual(newestFirst.slice(4));
    expect(third.has_more).toBe(false);
    const back = await page(`limit=2&ending_before=${third.data[0]?.txid}`);
    expect(back.data.map((t) => t.txid)).toEqual(newestFirst.slice(2, 4));
  });

  it("a cursor that is not one of this workspace's transfers is a 400 on that parameter", async () => {
    const res = await api.request("GET", `/v1/unmatched_transfers?starting_after=0x${"f".repeat(64)}`, {
      token: merchant.sk,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "starting_after" });
  });
});
