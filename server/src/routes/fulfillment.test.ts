import type { PaymentStatus } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

async function intent(status: PaymentStatus) {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 900 },
  });
  await api.deps.db.updateTable("payment_intents").set({ status }).where("id", "=", res.body.id).execute();
  return res.body.id as string;
}

const setFulfillment = (id: string, fulfillment_status: unknown, token = merchant.sk) =>
  api.request("POST", `/v1/payment_intents/${id}/fulfillment`, { token, body: { fulfillment_status } });

describe("fulfillment status of a payment (SPEC.md §4)", () => {
  it("a settled payment moves to processing, shipped, delivered, completed; each step is on its timeline", async () => {
    const id = await intent("payment_settled");
    for (const status of ["processing", "shipped", "delivered", "completed"]) {
      const res = await setFulfillment(id, status);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: "payment_settled", fulfillment_status: status });
    }
    const events = await api.request("GET", `/v1/payment_intents/${id}/events`, { token: merchant.sk });
    expect(events.body.data.map((e: { reason: string }) => e.reason)).toEqual(
      expect.arrayContaining(["fulfillment_processing", "fulfillment_shipped", "fulfillment_completed"]),
    );
  });

  it("the dashboard's session sets it too, naming the workspace", async () => {
    const id = await intent("payment_settled");
    const res = await api.request("POST", `/v1/payment_intents/${id}/fulfillment`, {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
      body: { fulfillment_status: "shipped" },
    });
    expect(res.body.fulfillment_status).toBe("shipped");
  });

  it("a payment that is not settled is 409 payment_intent_unexpected_state and unchanged", async () => {
    const id = await intent("transaction_pending");
    const res = await setFulfillment(id, "shipped");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("payment_intent_unexpected_state");
    const after = await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk });
    expect(after.body.fulfillment_status).toBe("not_required");
  });

  it("not_required or an unknown value is 400; a publishable key is 403", async () => {
    const id = await intent("payment_settled");
    expect((await setFulfillment(id, "not_required")).status).toBe(400);
    expect((await setFulfillment(id, "lost")).status).toBe(400);
    expect((await setFulfillment(id, "shipped", merchant.pk)).status).toBe(403);
  });
});
