import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertCustomer,
  type Merchant,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { nowSeconds } from "../domain/ids.ts";

/**
 * A payment intent names its customer once settled. Deleting the customer (as deleting its
 * workspace does) leaves no intent naming a customer that no longer exists: the intent stays, its
 * customer is forgotten, in the deleting transaction.
 */
describe("deleting a customer", () => {
  let api: TestApi;
  let merchant: Merchant;

  beforeAll(async () => {
    api = await startTestApi();
    merchant = await setupMerchant(api);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it("forgets it on the intents that named it, and keeps the intents", async () => {
    const created = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 4200, customer_email: "gone@example.com" },
    });
    expect(created.status).toBe(201);
    const intent = await api.deps.db
      .selectFrom("payment_intents")
      .select(["id", "environment_id", "env"])
      .where("id", "=", created.body.id as string)
      .executeTakeFirstOrThrow();
    const now = nowSeconds();
    await insertCustomer(api, {
      id: `cus_deletion${now}`,
      workspaceId: merchant.workspaceId,
      environmentId: intent.environment_id,
      env: intent.env,
      email: "gone@example.com",
      paidMinor: 4200,
      now,
    });
    await api.deps.db
      .updateTable("payment_intents")
      .set({ customer_id: `cus_deletion${now}` })
      .where("id", "=", intent.id)
      .execute();

    await api.deps.db.deleteFrom("customers").where("id", "=", `cus_deletion${now}`).execute();

    const after = await api.deps.db
      .selectFrom("payment_intents")
      .select("customer_id")
      .where("id", "=", intent.id)
      .executeTakeFirst();
    expect(after).toEqual({ customer_id: null });
  });
});
