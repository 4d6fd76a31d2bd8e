import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkspace,
  type Merchant,
  newTestWallet,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { nowSeconds } from "../domain/ids.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const productData = {
  name: "Poster",
  description: "A3 print",
  price: 12.5,
  currency: "USD",
  stock: 10,
  viewType: "card",
};
const linkId = () => `link_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
const saveLink = (body: object, token = merchant.sk, headers: Record<string, string> = {}) =>
  api.request("POST", "/api/payment-links", { token, body, headers });
const publicLink = (id: string) => api.request("GET", `/api/payment-links/${id}`);

describe("POST /api/payment-links", () => {
  it("creates a link with the client's id and returns it", async () => {
    const id = linkId();
    const res = await saveLink({
      id,
      merchant_id: merchant.user.merchant_id,
      product_data: productData,
      merchant_wallet: merchant.wallet.address,
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      object: "payment_link",
      url: `https://pay.example.test/payment-links/${id}`,
      merchant_id: merchant.user.merchant_id,
      product_data: productData,
      active: true,
      env: "test",
      expires_at: null,
    });
  });

  it("without an id the server assigns a plink_ id; active defaults to true", async () => {
    const res = await saveLink({ product_data: productData });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^plink_/);
    expect(res.body.active).toBe(true);
    expect((await publicLink(res.body.id)).status).toBe(200);
  });

  it("a second post with the same id updates the link", async () => {
    const id = linkId();
    await saveLink({ id, product_data: productData });
    const res = await saveLink({ id, product_data: { ...productData, name: "Poster XL", price: 20 } });
    expect(res.status).toBe(200);
    expect(res.body.product_data).toMatchObject({ name: "Poster XL", price: 20 });
    const page = await publicLink(id);
    expect(page.body.product_data).toMatchObject({ name: "Poster XL", price: 20 });
    const rows = await api.deps.db.selectFrom("payment_links").select("id").where("id", "=", id).execute();
    expect(rows).toHaveLength(1);
  });

  it("a session saves links into its first workspace when no X-Workspace-Id is sent", async () => {
    const id = linkId();
    const res = await saveLink({ id, product_data: productData }, merchant.token);
    expect(res.status).toBe(200);
    const row = await api.deps.db
      .selectFrom("payment_links")
      .select("workspace_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(merchant.workspaceId);
  });

  it("a publishable key is 403 secret_key_required; no credential is 401", async () => {
    const byPk = await saveLink({ id: linkId(), product_data: productData }, merchant.pk);
    expect(byPk.status).toBe(403);
    expect(byPk.body.error.code).toBe("secret_key_required");
    const anonymous = await api.request("POST", "/api/payment-links", {
      body: { product_data: productData },
    });
    expect(anonymous.status).toBe(401);
  });

  it("product_data is required; a malformed id or an unknown field is a 400", async () => {
    const missing = await saveLink({ id: linkId() });
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "product_data" });
    const badId = await saveLink({ id: "a/b", product_data: productData });
    expect(badId.body.error.param).toBe("id");
    const unknown = await saveLink({ product_data: productData, owner: "x" });
    expect(unknown.body.error).toMatchObject({ code: "parameter_unknown", param: "owner" });
  });

  it("another workspace cannot overwrite a link id (409 id_taken); the link is unchanged", async () => {
    const id = linkId();
    await saveLink({ id, product_data: productData });
    const other = await setupMerchant(api);
    const res = await saveLink(
      { id, product_data: { ...productData, name: "Hijacked" }, active: false },
      other.sk,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "id_taken", param: "id" });
    const page = await publicLink(id);
    expect(page.status).toBe(200);
    expect(page.body.product_data.name).toBe("Poster");
  });

  it("a product_id of another workspace is 404 and no link is created", async () => {
    const other = await setupMerchant(api);
    const product = await api.request("POST", "/v1/products", {
      token: other.sk,
      body: { name: "Theirs", price_minor: 100, stock: 1 },
    });
    const id = linkId();
    const res = await saveLink({ id, product_id: product.body.id, product_data: productData });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
    expect((await publicLink(id)).status).toBe(404);
  });

  it("updating a product's link without product_id (the dashboard's body) keeps it tied to the product", async () => {
    const product = await api.request("POST", "/v1/products", {
      token: merchant.sk,
      body: { name: "Tied", price_minor: 300, stock: 1 },
    });
    const id = product.body.payment_link.id;
    const res = await saveLink({ id, product_data: { name: "Tied" }, active: false });
    expect(res.status).toBe(200);
    expect(res.body.product_id).toBe(product.body.id);
    const got = await api.request("GET", `/v1/products/${product.body.id}`, { token: merchant.sk });
    expect(got.body.payment_link).toMatchObject({ id, active: false });
    // A later product update re-syncs that same link.
    await api.request("PUT", `/v1/products/${product.body.id}`, {
      token: merchant.sk,
      body: { name: "Tied v2", price_minor: 300, stock: 1, link_active: true },
    });
    expect((await publicLink(id)).body.product_data.name).toBe("Tied v2");
  });

  it("fields left out of an update keep their values (expires_at, merchant_id, active)", async () => {
    const id = linkId();
    const expires_at = nowSeconds() + 3600;
    await saveLink({ id, product_data: productData, expires_at, merchant_id: "mch_keep", active: false });
    const res = await saveLink({ id, product_data: productData });
    expect(res.body).toMatchObject({ expires_at, merchant_id: "mch_keep", active: false });
    expect((await publicLink(id)).status).toBe(403);
    const cleared = await saveLink({ id, product_data: productData, expires_at: null });
    expect(cleared.body.expires_at).toBeNull();
  });

  it("a product_id of the workspace is linked", async () => {
    const product = await api.request("POST", "/v1/products", {
      token: merchant.sk,
      body: { name: "Ours", price_minor: 100, stock: 1 },
    });
    const res = await saveLink({ id: linkId(), product_id: product.body.id, product_data: productData });
    expect(res.status).toBe(200);
    expect(res.body.product_id).toBe(product.body.id);
  });
});

describe("GET /api/payment-links/{id} (public)", () => {
  it("needs no credential and returns product_data, the verified payout wallet, env and the merchant name", async () => {
    await api.request("PATCH", `/v1/workspaces/${merchant.workspaceId}/business-profile`, {
      token: merchant.sk,
      body: { display_name: "Poster Shop" },
    });
    const id = linkId();
    // Whatever wallet a client once synced, the page shows the verified payout address.
    await saveLink({ id, product_data: productData, merchant_wallet: newTestWallet().address });
    const res = await publicLink(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      object: "payment_link",
      product_data: productData,
      merchant_wallet: merchant.wallet.address,
      merchant_name: "Poster Shop",
      active: true,
      env: "test",
    });
    expect(typeof res.body.created_at).toBe("number");
  });

  it("a workspace without a verified wallet shows the wallet the client synced", async () => {
    const { token } = await signUp(api);
    const { workspaceId } = await createWorkspace(api, token);
    const synced = newTestWallet().address;
    const id = linkId();
    const res = await saveLink({ id, product_data: productData, merchant_wallet: synced }, token, {
      "x-workspace-id": workspaceId,
    });
    expect(res.status).toBe(200);
    expect((await publicLink(id)).body.merchant_wallet).toBe(synced);
  });

  it("an unknown link is 404 payment_link_not_found with SPEC.md §8's text", async () => {
    const res = await publicLink("plink_doesnotexist");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      code: "payment_link_not_found",
      message: "This payment link does not exist or has been removed.",
    });
  });

  it("a link whose expires_at has passed is 410 payment_link_expired", async () => {
    const id = linkId();
    await saveLink({ id, product_data: productData, expires_at: nowSeconds() - 60 });
    const res = await publicLink(id);
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      code: "payment_link_expired",
      message: "This payment link has expired.",
    });
    const future = linkId();
    await saveLink({ id: future, product_data: productData, expires_at: nowSeconds() + 3600 });
    expect((await publicLink(future)).status).toBe(200);
  });

  it("an inactive link is 403 payment_link_disabled; reactivating it serves it again", async () => {
    const id = linkId();
    const saved = await saveLink({ id, product_data: productData, active: false });
    expect(saved.body.active).toBe(false);
    const res = await publicLink(id);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "payment_link_disabled",
      message: "This payment link has been disabled.",
    });
    await saveLink({ id, product_data: productData, active: true });
    expect((await publicLink(id)).status).toBe(200);
  });

  it("a link saved through a live key is an env live link", async () => {
    const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    const id = linkId();
    await saveLink({ id, product_data: productData }, live.body.key);
    expect((await publicLink(id)).body.env).toBe("live");
  });
});
