import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
let linkId = "";
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  const product = await api.request("POST", "/v1/products", {
    token: merchant.sk,
    body: { name: "Mug", price_minor: 1250, stock: 5 },
  });
  linkId = product.body.payment_link.id;
});
afterAll(() => api.close());

describe("hosted checkout reads (no credentials)", () => {
  it("a payment link comes with the workspace's publishable key, which can pay it", async () => {
    const res = await api.request("GET", `/api/checkout/payment-links/${linkId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "hosted_payment_link",
      publishable_key: merchant.pk,
      payment_link: { id: linkId, active: true, product_data: { name: "Mug", price_minor: 1250 } },
    });
    // As the hosted page does: the link names what is sold, and the catalogue prices it.
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: res.body.publishable_key,
      body: { payment_link: linkId, amount_minor: 1250 },
    });
    expect(intent.status).toBe(201);
    expect(intent.body.amount_minor).toBe(1250);
  });

  it("answers a link's 404 and disabled states like the public link read", async () => {
    expect((await api.request("GET", "/api/checkout/payment-links/plink_nope")).status).toBe(404);
    await api.deps.db.updateTable("payment_links").set({ active: false }).where("id", "=", linkId).execute();
    const disabled = await api.request("GET", `/api/checkout/payment-links/${linkId}`);
    expect(disabled.status).toBe(403);
    expect(disabled.body.error.code).toBe("payment_link_disabled");
    await api.deps.db.updateTable("payment_links").set({ active: true }).where("id", "=", linkId).execute();
  });

  it("a payment intent by id and client secret, for /pay/:id, with the merchant's name and key; never a secret key", async () => {
    const created = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 300 },
    });
    const res = await api.request(
      "GET",
      `/api/checkout/payment-intents/${created.body.id}?client_secret=${created.body.client_secret}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.payment_intent).toMatchObject({ id: created.body.id, amount_minor: 300 });
    expect(res.body.publishable_key).toMatch(/^pk_test_/);
    expect(JSON.stringify(res.body)).not.toContain("sk_test_");
    expect((await api.request("GET", "/api/checkout/payment-intents/pi_nope")).status).toBe(404);
  });

  it("without an active publishable key the checkout cannot run: 404 resource_missing", async () => {
    await api.deps.db
      .updateTable("api_keys")
      .set({ state: "revoked" })
      .where("workspace_id", "=", merchant.workspaceId)
      .where("type", "=", "publishable")
      .execute();
    const res = await api.request("GET", `/api/checkout/payment-links/${linkId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
  });
});
