import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, signUp, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const widget = { name: "Widget", description: "A fine widget", price_minor: 1999, stock: 5 };
const clientId = () => `prod_${Date.now()}_${Math.random().toString(36).slice(2, 9)}`;

const createProduct = (body: object, token = merchant.sk, headers: Record<string, string> = {}) =>
  api.request("POST", "/v1/products", { token, body, headers });
const publicLink = (id: string) => api.request("GET", `/api/payment-links/${id}`);

describe("products CRUD", () => {
  it("a secret key creates a product with defaults and an active payment link", async () => {
    const res = await createProduct(widget);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^prod_/);
    expect(res.body).toMatchObject({
      object: "product",
      name: "Widget",
      description: "A fine widget",
      price_minor: 1999,
      price: 19.99,
      currency: "usd",
      stock: 5,
      view_type: "card",
      require_email: false,
      require_shipping_address: false,
    });
    const link = res.body.payment_link;
    expect(link.id).toMatch(/^plink_/);
    expect(link.active).toBe(true);
    expect(link.url).toBe(`https://pay.example.test/payment-links/${link.id}`);
    const page = await publicLink(link.id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: link.id,
      product_id: res.body.id,
      active: true,
      merchant_wallet: merchant.wallet.address,
      product_data: {
        name: "Widget",
        price: 19.99,
        price_minor: 1999,
        currency: "usd",
        stock: 5,
        viewType: "card",
      },
    });
  });

  it("a session with X-Workspace-Id creates, reads, lists, replaces and deletes", async () => {
    const headers = { "x-workspace-id": merchant.workspaceId };
    const token = merchant.token;
    const created = await createProduct({ ...widget, name: "By Session" }, token, headers);
    expect(created.status).toBe(201);
    const id = created.body.id;
    const got = await api.request("GET", `/v1/products/${id}`, { token, headers });
    expect(got.body.name).toBe("By Session");
    const list = await api.request("GET", "/v1/products?limit=100", { token, headers });
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(id);
    const put = await api.request("PUT", `/v1/products/${id}`, {
      token,
      headers,
      body: { ...widget, name: "Renamed" },
    });
    expect(put.body.name).toBe("Renamed");
    const del = await api.request("DELETE", `/v1/products/${id}`, { token, headers });
    expect(del.body).toEqual({ id, object: "product", deleted: true });
    // The secret key sees the same workspace.
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).status).toBe(404);
  });

  it("a session without X-Workspace-Id is workspace_required; another user's workspace is 404", async () => {
    const res = await createProduct(widget, merchant.token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("workspace_required");
    const stranger = await signUp(api);
    const foreign = await api.request("GET", "/v1/products", {
      token: stranger.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    expect(foreign.status).toBe(404);
  });

  it("list returns products newest first with the products alias", async () => {
    const a = await createProduct({ ...widget, name: "Older" });
    const b = await createProduct({ ...widget, name: "Newer" });
    const list = await api.request("GET", "/v1/products?limit=2", { token: merchant.sk });
    expect(list.status).toBe(200);
    expect(list.body.object).toBe("list");
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.products).toEqual(list.body.data);
  });

  it("another workspace's product is 404 on get, put and delete", async () => {
    const other = await setupMerchant(api);
    const product = await createProduct(widget, other.sk);
    const id = product.body.id;
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).status).toBe(404);
    expect(
      (await api.request("PUT", `/v1/products/${id}`, { token: merchant.sk, body: widget })).status,
    ).toBe(404);
    expect((await api.request("DELETE", `/v1/products/${id}`, { token: merchant.sk })).status).toBe(404);
    expect((await api.request("GET", `/v1/products/${id}`, { token: other.sk })).body.name).toBe("Widget");
  });

  it("DELETE removes the product: GET is 404 and its payment link stops selling", async () => {
    const product = await createProduct(widget);
    const del = await api.request("DELETE", `/v1/products/${product.body.id}`, { token: merchant.sk });
    expect(del.status).toBe(200);
    const got = await api.request("GET", `/v1/products/${product.body.id}`, { token: merchant.sk });
    expect(got.status).toBe(404);
    expect(got.body.error.code).toBe("resource_missing");
    const link = await publicLink(product.body.payment_link.id);
    expect(link.status).toBe(403);
    expect(link.body.error.code).toBe("payment_link_disabled");
    const again = await api.request("DELETE", `/v1/products/${product.body.id}`, { token: merchant.sk });
    expect(again.status).toBe(404);
  });
});

describe("client-generated ids", () => {
  it("an id of the form prod_{timestamp}_{random} is kept", async () => {
    const id = clientId();
    const res = await createProduct({ ...widget, id });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(id);
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body.id).toBe(id);
  });

  it("reusing an id is 409 id_taken in the same environment; another workspace has ids of its own", async () => {
    const id = clientId();
    await createProduct({ ...widget, id });
    const same = await createProduct({ ...widget, id, name: "Dup" });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatchObject({ code: "id_taken", param: "id" });
    // Another tenant choosing the same id learns nothing of this one: it simply gets its own.
    const other = await setupMerchant(api);
    const cross = await createProduct({ ...widget, id, name: "Other's" }, other.sk);
    expect(cross.status).toBe(201);
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body.name).toBe("Widget");
    expect((await api.request("GET", `/v1/products/${id}`, { token: other.sk })).body.name).toBe("Other's");
  });

  it("an id without the prod_ prefix or with other characters is a 400 on id", async () => {
    for (const id of ["widget-1", "prod_", "prod_a/b", "pi_123"]) {
      const res = await createProduct({ ...widget, id });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe("id");
    }
  });
});

describe("product validation", () => {
  it("name is required and may not be blank", async () => {
    const { name: _name, ...noName } = widget;
    const missing = await createProduct(noName);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "name" });
    const blank = await createProduct({ ...widget, name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.param).toBe("name");
  });

  it.each([
    ["a fraction", 19.5],
    ["negative", -1],
    ["a string", "1999"],
  ])("price_minor that is %s is a 400 on price_minor", async (_what, price_minor) => {
    const res = await createProduct({ ...widget, price_minor });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "price_minor" });
  });

  it("price_minor 0 (a free product, its link off) and stock 0 are accepted", async () => {
    const res = await createProduct({ ...widget, price_minor: 0, stock: 0, link_active: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price_minor: 0, price: 0, stock: 0 });
  });

  it("stock must be an integer ≥ 0 and is required", async () => {
    expect((await createProduct({ ...widget, stock: -1 })).body.error.param).toBe("stock");
    expect((await createProduct({ ...widget, stock: 1.5 })).body.error.param).toBe("stock");
    const { stock: _stock, ...noStock } = widget;
    const missing = await createProduct(noStock);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "stock" });
  });

  it("view_type is card or button", async () => {
    expect((await createProduct({ ...widget, view_type: "button" })).body.view_type).toBe("button");
    const bad = await createProduct({ ...widget, view_type: "grid" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("view_type");
  });

  it("currency is usd in any case; other currencies are refused", async () => {
    expect((await createProduct({ ...widget, currency: "USD" })).body.currency).toBe("usd");
    expect((await createProduct({ ...widget, currency: "Usd" })).body.currency).toBe("usd");
    const eur = await createProduct({ ...widget, currency: "eur" });
    expect(eur.status).toBe(400);
    expect(eur.body.error.param).toBe("currency");
  });

  it("an unknown field is parameter_unknown naming it", async () => {
    const res = await createProduct({ ...widget, color: "red" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_unknown", param: "color" });
  });
});

describe("PUT replaces the product and re-syncs its link", () => {
  it("fields left out return to their defaults, and the link's product_data follows", async () => {
    const created = await createProduct({
      ...widget,
      view_type: "button",
      require_email: true,
      require_shipping_address: true,
    });
    const id = created.body.id;
    const res = await api.request("PUT", `/v1/products/${id}`, {
      token: merchant.sk,
      body: { name: "Widget Pro", price_minor: 2500, stock: 9 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "Widget Pro",
      description: null,
      price_minor: 2500,
      stock: 9,
      view_type: "card",
      require_email: false,
      require_shipping_address: false,
    });
    expect(res.body.payment_link.id).toBe(created.body.payment_link.id);
    expect(res.body.updated_at).toBeGreaterThanOrEqual(created.body.updated_at);
    const link = await publicLink(created.body.payment_link.id);
    expect(link.body.product_data).toMatchObject({
      name: "Widget Pro",
      description: null,
      price: 25,
      price_minor: 2500,
      stock: 9,
      viewType: "card",
      require_email: false,
    });
  });

  it("link_active false disables the public link (403 payment_link_disabled); true enables it again", async () => {
    const created = await createProduct(widget);
    const id = created.body.id;
    const linkId = created.body.payment_link.id;
    const off = await api.request("PUT", `/v1/products/${id}`, {
      token: merchant.sk,
      body: { ...widget, link_active: false },
    });
    expect(off.body.payment_link.active).toBe(false);
    const disabled = await publicLink(linkId);
    expect(disabled.status).toBe(403);
    expect(disabled.body.error).toMatchObject({
      code: "payment_link_disabled",
      message: "This payment link has been disabled.",
    });
    // Leaving link_active out keeps the link as it is.
    await api.request("PUT", `/v1/products/${id}`, { token: merchant.sk, body: widget });
    expect((await publicLink(linkId)).status).toBe(403);
    await api.request("PUT", `/v1/products/${id}`, {
      token: merchant.sk,
      body: { ...widget, link_active: true },
    });
    expect((await publicLink(linkId)).status).toBe(200);
  });

  it("a product created with link_active false starts with a disabled link", async () => {
    const created = await createProduct({ ...widget, link_active: false });
    expect(created.body.payment_link.active).toBe(false);
    expect((await publicLink(created.body.payment_link.id)).status).toBe(403);
  });

  it("the id may be repeated in the body (the dashboard does) but not changed", async () => {
    const created = await createProduct(widget);
    const id = created.body.id;
    const same = await api.request("PUT", `/v1/products/${id}`, {
      token: merchant.sk,
      body: { ...widget, id },
    });
    expect(same.status).toBe(200);
    const other = await api.request("PUT", `/v1/products/${id}`, {
      token: merchant.sk,
      body: { ...widget, id: clientId(), name: "Moved" },
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: "parameter_invalid", param: "id" });
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body.name).toBe("Widget");
  });

  it("PUT validates like POST", async () => {
    const created = await createProduct(widget);
    const res = await api.request("PUT", `/v1/products/${created.body.id}`, {
      token: merchant.sk,
      body: { ...widget, price_minor: -5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe("price_minor");
  });
});

describe("publishable keys", () => {
  it("may list and read products", async () => {
    const created = await createProduct(widget);
    const list = await api.request("GET", "/v1/products", { token: merchant.pk });
    expect(list.status).toBe(200);
    const got = await api.request("GET", `/v1/products/${created.body.id}`, { token: merchant.pk });
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(created.body.id);
  });

  it("may not create, replace or delete (403 secret_key_required)", async () => {
    const created = await createProduct(widget);
    const id = created.body.id;
    const calls = [
      createProduct(widget, merchant.pk),
      api.request("PUT", `/v1/products/${id}`, { token: merchant.pk, body: { ...widget, name: "Hacked" } }),
      api.request("DELETE", `/v1/products/${id}`, { token: merchant.pk }),
      api.request("POST", "/api/products", {
        token: merchant.pk,
        body: { id, name: "Hacked", price_usd: 1 },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("secret_key_required");
    }
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body.name).toBe("Widget");
  });
});

describe("legacy POST /api/products", () => {
  it("converts price_usd to cents by rounding (12.345 → 1235) and creates the product with its link", async () => {
    const id = clientId();
    const res = await api.request("POST", "/api/products", {
      token: merchant.sk,
      body: {
        id,
        name: "Legacy",
        description: "Synced",
        stock: 3,
        view_type: "card",
        price_usd: 12.345,
        currency: "USD",
        merchant_id: merchant.user.merchant_id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "Legacy",
      price_minor: 1235,
      price: 12.35,
      currency: "usd",
      stock: 3,
    });
    expect(res.body.payment_link.active).toBe(true);
  });

  it("a second post with the same id updates the product instead of creating another", async () => {
    const id = clientId();
    const body = { id, name: "First", price_usd: 1, stock: 1 };
    await api.request("POST", "/api/products", { token: merchant.sk, body });
    const second = await api.request("POST", "/api/products", {
      token: merchant.sk,
      body: { ...body, name: "Second", price_usd: 2.5 },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id, name: "Second", price_minor: 250 });
    const rows = await api.deps.db.selectFrom("products").select("id").where("id", "=", id).execute();
    expect(rows).toHaveLength(1);
    const link = await publicLink(second.body.payment_link.id);
    expect(link.body.product_data).toMatchObject({ name: "Second", price_minor: 250 });
  });

  it("another workspace's id makes a product of the caller's own; the other is unchanged", async () => {
    const id = clientId();
    await api.request("POST", "/api/products", {
      token: merchant.sk,
      body: { id, name: "Mine", price_usd: 1 },
    });
    const other = await setupMerchant(api);
    const res = await api.request("POST", "/api/products", {
      token: other.sk,
      body: { id, name: "Theirs", price_usd: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Theirs", price_minor: 200 });
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body).toMatchObject({
      name: "Mine",
      price_minor: 100,
    });
  });

  it("a session without X-Workspace-Id falls back to the user's first workspace", async () => {
    const id = clientId();
    const res = await api.request("POST", "/api/products", {
      token: merchant.token,
      body: { id, name: "Fallback", price_usd: 3 },
    });
    expect(res.status).toBe(200);
    expect((await api.request("GET", `/v1/products/${id}`, { token: merchant.sk })).body.name).toBe(
      "Fallback",
    );
  });

  it("price_usd must be a number ≥ 0 and id is required", async () => {
    const negative = await api.request("POST", "/api/products", {
      token: merchant.sk,
      body: { id: clientId(), name: "X", price_usd: -1 },
    });
    expect(negative.body.error.param).toBe("price_usd");
    const noId = await api.request("POST", "/api/products", {
      token: merchant.sk,
      body: { name: "X", price_usd: 1 },
    });
    expect(noId.body.error).toMatchObject({ code: "parameter_missing", param: "id" });
  });
});

describe("pagination", () => {
  it("limit, starting_after and ending_before walk the list newest first with has_more", async () => {
    const m = await setupMerchant(api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createProduct({ ...widget, name: `P${i}` }, m.sk)).body.id);
    const newestFirst = [...ids].reverse();
    const list = (query: string) => api.request("GET", `/v1/products?${query}`, { token: m.sk });

    const page1 = await list("limit=2");
    expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.body.has_more).toBe(true);
    const page2 = await list(`limit=2&starting_after=${newestFirst[1]}`);
    expect(page2.body.data.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(2, 4));
    expect(page2.body.has_more).toBe(true);
    const page3 = await list(`limit=2&starting_after=${newestFirst[3]}`);
    expect(page3.body.data.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(4));
    expect(page3.body.has_more).toBe(false);
    const back = await list(`limit=2&ending_before=${newestFirst[4]}`);
    expect(back.body.data.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.body.has_more).toBe(true);
    const all = await list("");
    expect(all.body.data).toHaveLength(5);
    expect(all.body.has_more).toBe(false);
  });

  it("an unknown cursor, or another workspace's product as cursor, is a 400 on starting_after", async () => {
    const unknown = await api.request("GET", "/v1/products?starting_after=prod_nope", { token: merchant.sk });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "parameter_invalid", param: "starting_after" });
    const other = await setupMerchant(api);
    const foreign = await createProduct(widget, other.sk);
    const cross = await api.request("GET", `/v1/products?starting_after=${foreign.body.id}`, {
      token: merchant.sk,
    });
    expect(cross.status).toBe(400);
    const before = await api.request("GET", "/v1/products?ending_before=prod_nope", { token: merchant.sk });
    expect(before.body.error.param).toBe("ending_before");
  });

  it("limit is 1–100", async () => {
    for (const limit of ["0", "101", "abc"]) {
      const res = await api.request("GET", `/v1/products?limit=${limit}`, { token: merchant.sk });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe("limit");
    }
  });
});

describe("environments", () => {
  it("a live key's product is invisible to the test keys: list, get, put and delete", async () => {
    const m = await setupMerchant(api);
    const live = await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
      token: m.token,
      body: { type: "sk", env: "live" },
    });
    const product = await createProduct({ ...widget, name: "Live only" }, live.body.key);
    expect(product.status).toBe(201);
    expect(product.body.environment_id).toBe(live.body.environment_id);
    const id = product.body.id;
    expect((await api.request("GET", "/v1/products", { token: m.sk })).body.data).toEqual([]);
    expect((await api.request("GET", `/v1/products/${id}`, { token: m.pk })).status).toBe(404);
    expect((await api.request("PUT", `/v1/products/${id}`, { token: m.sk, body: widget })).status).toBe(404);
    expect((await api.request("DELETE", `/v1/products/${id}`, { token: m.sk })).status).toBe(404);
    const byLive = await api.request("GET", `/v1/products/${id}`, { token: live.body.key });
    expect(byLive.body.name).toBe("Live only");
  });

  it("a session picks the environment with X-Environment-Id; without it, it sees the whole workspace", async () => {
    const m = await setupMerchant(api);
    const headers = { "x-workspace-id": m.workspaceId };
    const env = await api.request("POST", "/api/environments", {
      token: m.token,
      headers,
      body: { name: "staging" },
    });
    const inStaging = await createProduct(widget, m.token, { ...headers, "x-environment-id": env.body.id });
    expect(inStaging.body.environment_id).toBe(env.body.id);
    const inSandbox = await createProduct(widget, m.sk);
    const staging = await api.request("GET", "/v1/products", {
      token: m.token,
      headers: { ...headers, "x-environment-id": env.body.id },
    });
    expect(staging.body.data.map((p: { id: string }) => p.id)).toEqual([inStaging.body.id]);
    const all = await api.request("GET", "/v1/products", { token: m.token, headers });
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([inSandbox.body.id, inStaging.body.id]);
    const unknownEnv = await api.request("GET", "/v1/products", {
      token: m.token,
      headers: { ...headers, "x-environment-id": "env_unknown" },
    });
    expect(unknownEnv.status).toBe(404);
    expect(unknownEnv.body.error.code).toBe("environment_not_found");
  });
});
