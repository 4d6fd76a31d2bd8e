import type { FulfillmentStatus, PaymentStatus } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
const ids: Record<string, string> = {};

/** One intent per (status, fulfillment) the chips tell apart. */
const FIXTURES: [name: string, status: PaymentStatus, fulfillment: FulfillmentStatus][] = [
  ["awaiting", "requires_payment_method", "not_required"],
  ["confirming", "transaction_pending", "not_required"],
  ["confirmed", "transaction_confirmed", "not_required"],
  ["paid", "payment_settled", "not_required"],
  ["shipping", "payment_settled", "shipped"],
  ["processing", "payment_settled", "processing"],
  ["delivered", "payment_settled", "delivered"],
  ["failed", "failed", "not_required"],
  ["expired", "expired", "not_required"],
  ["canceled", "canceled", "not_required"],
];

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  for (const [name, status, fulfillment] of FIXTURES) {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 100 },
    });
    ids[name] = res.body.id;
    await api.deps.db
      .updateTable("payment_intents")
      .set({ status, fulfillment_status: fulfillment })
      .where("id", "=", res.body.id)
      .execute();
  }
});
afterAll(() => api.close());

const list = async (filter: string, extra = "") =>
  (await api.request("GET", `/v1/payments?filter=${filter}&limit=100${extra}`, { token: merchant.sk })).body;
const names = (body: { data: { id: string }[] }) =>
  body.data.map((p) => Object.keys(ids).find((k) => ids[k] === p.id)).sort();

describe("Payments filters (SPEC.md §4)", () => {
  it("Paid is payment_settled", async () => {
    expect(names(await list("paid"))).toEqual(["delivered", "paid", "processing", "shipping"]);
  });
  it("Pending is requires_payment_method and the in-flight statuses", async () => {
    expect(names(await list("pending"))).toEqual(["awaiting", "confirmed", "confirming"]);
  });
  it("Fulfillment is settled with fulfillment required and not yet delivered or completed", async () => {
    expect(names(await list("fulfillment"))).toEqual(["processing", "shipping"]);
  });
  it("Failed is failed, canceled and expired", async () => {
    expect(names(await list("failed"))).toEqual(["canceled", "expired", "failed"]);
  });
  it("All is everything, newest first", async () => {
    const all = await list("all");
    expect(all.data).toHaveLength(FIXTURES.length);
    expect(all.data[0].id).toBe(ids.canceled);
  });
  it("counts match the lists", async () => {
    const counts = await api.request("GET", "/v1/payments/counts", { token: merchant.sk });
    expect(counts.body).toEqual({ all: 10, paid: 4, pending: 3, fulfillment: 2, failed: 3 });
  });
  it("pages with a cursor inside a filter", async () => {
    const first = await api.request("GET", "/v1/payments?filter=paid&limit=2", { token: merchant.sk });
    expect(first.body.has_more).toBe(true);
    const next = await list("paid", `&starting_after=${first.body.data[1].id}`);
    expect(next.data).toHaveLength(2);
    expect(next.has_more).toBe(false);
  });
  it("an unknown filter is 400; another merchant sees none of these", async () => {
    expect((await api.request("GET", "/v1/payments?filter=odd", { token: merchant.sk })).status).toBe(400);
    const other = await setupMerchant(api);
    const counts = await api.request("GET", "/v1/payments/counts", { token: other.sk });
    expect(counts.body.all).toBe(0);
  });
});
