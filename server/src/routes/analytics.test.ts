import { MICROS_PER_CENT, type PaymentStatus } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  const rows: [number, PaymentStatus, string | null][] = [
    [1000, "payment_settled", "Ann@Example.com"],
    [2500, "payment_settled", "ann@example.com"],
    // Its transfer was aborted on chain: the intent went back to waiting for payment.
    [400, "requires_payment_method", "bob@example.com"],
    // Opened and never paid: neither a transaction nor an active customer.
    [300, "requires_payment_method", "carol@example.com"],
    // Under way on chain: a transaction, not decided yet.
    [700, "transaction_pending", "dave@example.com"],
  ];
  for (const [amount, status, email] of rows) {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: amount, ...(email ? { customer_email: email } : {}) },
    });
    await api.deps.db.updateTable("payment_intents").set({ status }).where("id", "=", res.body.id).execute();
    if (email === "bob@example.com") {
      await api.deps.db
        .insertInto("payment_events")
        .values({
          id: `pe_failed_${res.body.id}`,
          payment_intent_id: res.body.id,
          from_status: "transaction_pending",
          to_status: "requires_payment_method",
          reason: "transaction_failed:abort_by_response",
          txid: "0xfeed",
          created_at: res.body.created_at,
        })
        .execute();
    }
  }
  // Two x402 calls at $0.001 each: kept exactly, a fifth of a cent between them.
  for (let call = 0; call < 2; call++) {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 1 },
    });
    await api.deps.db
      .updateTable("payment_intents")
      .set({ status: "payment_settled", amount_micros: 1000, payment_method: "x402" })
      .where("id", "=", res.body.id)
      .execute();
  }
  // An old payment, outside the 7-day window but inside 30 days.
  const old = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 9900 },
  });
  await api.deps.db
    .updateTable("payment_intents")
    .set({ status: "payment_settled", created_at: Math.floor(Date.now() / 1000) - 10 * 86_400 })
    .where("id", "=", old.body.id)
    .execute();
});
afterAll(() => api.close());

describe("GET /v1/analytics/overview", () => {
  it("computes the four cards by SPEC.md §9 over the range", async () => {
    const res = await api.request("GET", "/v1/analytics/overview?range=7d", { token: merchant.sk });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      range: "7d",
      total_revenue_minor: 3500,
      total_revenue_micros: "35002000",
      // Four paid (two of them x402 calls), one failed, one under way.
      transactions: 6,
      settled: 4,
      failed: 1,
      success_rate: 80,
      active_customers: 1,
    });
    expect(res.body.series).toHaveLength(7);
    const today = res.body.series.at(-1);
    expect(today).toMatchObject({ revenue_minor: 3500, revenue_micros: "35002000", transactions: 6 });
  });

  it("lists recent transactions and customers (total spent counts settled payments only)", async () => {
    const res = await api.request("GET", "/v1/analytics/overview?range=30d", { token: merchant.sk });
    expect(res.body.total_revenue_minor).toBe(13_400);
    expect(res.body.total_revenue_micros).toBe("134002000");
    expect(res.body.series).toHaveLength(30);
    expect(res.body.recent_transactions).toHaveLength(8);
    const byEmail = Object.fromEntries(res.body.recent_customers.map((c: { email: string }) => [c.email, c]));
    expect(byEmail["ann@example.com"]).toMatchObject({
      total_spent_minor: 3500,
      total_spent_micros: "35000000",
      payments: 2,
    });
    expect(byEmail["bob@example.com"]).toMatchObject({ total_spent_minor: 0, payments: 1 });
  });

  it("an empty workspace shows zeros and no success rate; an unknown range is 400", async () => {
    const other = await setupMerchant(api);
    const res = await api.request("GET", "/v1/analytics/overview", { token: other.sk });
    expect(res.body).toMatchObject({ range: "7d", transactions: 0, success_rate: null, active_customers: 0 });
    expect((await api.request("GET", "/v1/analytics/overview?range=2w", { token: other.sk })).status).toBe(
      400,
    );
  });
});

describe("GET /v1/analytics/export", () => {
  it("downloads the range's payments as CSV, with what their succeeded refunds returned in USD", async () => {
    // The $25.00 payment: a succeeded refund of $2.50 counts; pending and failed ones do not.
    const paid = await api.deps.db
      .selectFrom("payment_intents")
      .selectAll()
      .where("amount_minor", "=", 2500)
      .where("workspace_id", "=", merchant.workspaceId)
      .executeTakeFirstOrThrow();
    const refunds = [
      ["succeeded", 250, "2500"],
      ["pending", 100, "1000"],
      ["failed", 50, "500"],
    ] as const;
    for (const [i, [status, minor, amount]] of refunds.entries()) {
      await api.deps.db
        .insertInto("refunds")
        .values({
          id: `re_csv${i}`,
          workspace_id: paid.workspace_id,
          environment_id: paid.environment_id,
          env: paid.env,
          payment_intent_id: paid.id,
          customer_id: null,
          asset: paid.asset,
          token_contract: paid.token_contract,
          amount,
          amount_micros: minor * MICROS_PER_CENT,
          source: paid.recipient,
          destination: paid.recipient,
          reason: "requested_by_customer",
          status,
          status_reason: null,
          txid: null,
          metadata: JSON.stringify({}),
          created_at: paid.created_at,
          updated_at: paid.created_at,
          succeeded_at: status === "succeeded" ? paid.created_at : null,
          failed_at: status === "failed" ? paid.created_at : null,
        })
        .execute();
    }
    await api.deps.db
      .updateTable("payment_intents")
      .set({ amount_refunded: "2500" })
      .where("id", "=", paid.id)
      .execute();
    const res = await api.request("GET", "/v1/analytics/export?range=7d", {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("spay-payments-7d.csv");
    const lines = String(res.body).trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,amount_usd,currency,status,fulfillment_status,customer_email,asset,amount_asset,amount_refunded_asset,txid,payment_method,product_id,env,amount_refunded_usd",
    );
    expect(lines).toHaveLength(8);
    const row = lines.find((l) => l.startsWith(`${paid.id},`));
    expect(row).toContain(",25.00,usd,payment_settled,");
    expect(row).toContain(`,${paid.amount_asset},2500,`);
    expect(row?.endsWith(",test,2.50")).toBe(true);
    for (const other of lines.slice(1).filter((l) => l !== row))
      expect(other.endsWith(",test,0.00")).toBe(true);
    // The x402 calls keep their tenth of a cent: summing the column gives the exact revenue.
    const calls = lines.filter((l) => l.includes(",0.001,usd,payment_settled,"));
    expect(calls).toHaveLength(2);
  });
});
