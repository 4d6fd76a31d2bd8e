import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { createApp } from "../app.ts";
import * as images from "../services/product-images/test-images.ts";
import { decrementStockOnSettlement } from "../services/products.ts";

/**
 * A merchant may choose its products' ids, and an id names a product within one environment: two
 * tenants — and the sandbox and production of one workspace — may each have the same `prod_…`, and
 * neither learns of the other's. `id_taken` comes only from the caller's own environment. Whatever
 * points at a product by id (a payment link, an intent, an image, stock on settlement) finds the one
 * of its own environment — never another tenant's, whose price may be quite different.
 */
let api: TestApi;
let app: ReturnType<typeof createApp>;
let a: Merchant;
let b: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  app = createApp(api.deps);
  a = await setupMerchant(api);
  b = await setupMerchant(api);
});
afterAll(() => api?.close());

let counter = 0;
/** A chosen id, fresh per test (every test shares one database). */
const chosenId = (name: string) => `prod_${name}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;

const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request("POST", "/v1/products", {
    token,
    headers,
    body: { name: "Shirt", price_minor: 2500, stock: 10, ...body },
  });
const read = (token: string, id: string, headers: Record<string, string> = {}) =>
  api.request("GET", `/v1/products/${id}`, { token, headers });

async function liveKey(m: Merchant, type: "sk" | "pk" = "sk") {
  const res = await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
    token: m.token,
    body: { type, env: "live" },
  });
  expect(res.status).toBe(201);
  return res.body as { key: string; environment_id: string };
}

async function uploadImage(token: string, productId: string) {
  const res = await app.request(`/v1/products/${productId}/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
    body: new Uint8Array(await images.png(300, 200)),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ image: { url: string } | null }>;
}

describe("two tenants choose the same product id", () => {
  it("both create it (201) and each reads, lists and changes only its own", async () => {
    const id = chosenId("shirt");
    const mine = await create(a.sk, { id, name: "A's shirt", price_minor: 100 });
    const theirs = await create(b.sk, { id, name: "B's shirt", price_minor: 9999 });
    expect(mine.status).toBe(201);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body).toMatchObject({ id, name: "B's shirt", price_minor: 9999 });
    expect(theirs.body.payment_link.id).not.toBe(mine.body.payment_link.id);

    const readA = await read(a.sk, id);
    expect(readA.body).toMatchObject({ name: "A's shirt", price_minor: 100 });
    expect(readA.body.payment_link.id).toBe(mine.body.payment_link.id);
    const readB = await read(b.sk, id);
    expect(readB.body).toMatchObject({ name: "B's shirt", price_minor: 9999 });
    expect(readB.body.payment_link.id).toBe(theirs.body.payment_link.id);
    const listB = await api.request("GET", "/v1/products?limit=100", { token: b.sk });
    expect(listB.body.data.filter((p: { id: string }) => p.id === id)).toEqual([
      expect.objectContaining({ name: "B's shirt" }),
    ]);
    // A session of B's workspace (no X-Environment-Id) sees B's one product too.
    const bySession = await read(b.token, id, { "x-workspace-id": b.workspaceId });
    expect(bySession.body.name).toBe("B's shirt");

    const put = await api.request("PUT", `/v1/products/${id}`, {
      token: b.sk,
      body: { name: "B's shirt v2", price_minor: 8888, stock: 3 },
    });
    expect(put.status).toBe(200);
    expect((await read(a.sk, id)).body).toMatchObject({ name: "A's shirt", price_minor: 100, stock: 10 });
  });

  it("id_taken (409) comes only from the caller's own environment: a third tenant still gets the id", async () => {
    const id = chosenId("mug");
    expect((await create(a.sk, { id })).status).toBe(201);
    expect((await create(b.sk, { id })).status).toBe(201);
    const again = await create(b.sk, { id, name: "Second mug" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "id_taken", param: "id" });
    expect((await create(a.sk, { id })).body.error.code).toBe("id_taken");
    const c = await setupMerchant(api);
    expect((await create(c.sk, { id })).status).toBe(201);
    expect((await read(b.sk, id)).body.name).toBe("Shirt");
  });

  it("the legacy sync with another tenant's id creates the caller's own product; theirs is unchanged", async () => {
    const id = chosenId("legacy");
    const first = await api.request("POST", "/api/products", {
      token: a.sk,
      body: { id, name: "A's", price_usd: 1, stock: 1 },
    });
    expect(first.status).toBe(200);
    const other = await api.request("POST", "/api/products", {
      token: b.sk,
      body: { id, name: "B's", price_usd: 7, stock: 2 },
    });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ id, name: "B's", price_minor: 700 });
    const update = await api.request("POST", "/api/products", {
      token: b.sk,
      body: { id, name: "B's again", price_usd: 8, stock: 2 },
    });
    expect(update.body).toMatchObject({ name: "B's again", price_minor: 800 });
    expect((await read(a.sk, id)).body).toMatchObject({ name: "A's", price_minor: 100, stock: 1 });
  });
});

describe("what points at a product finds the one of its own environment", () => {
  it("B's payment link, intents and image are B's product, never A's (its price)", async () => {
    const id = chosenId("poster");
    // B's first, so A's product and link are the newer rows of that id.
    const theirs = await create(b.sk, { id, name: "B's poster", price_minor: 9999 });
    const mine = await create(a.sk, { id, name: "A's poster", price_minor: 100 });
    const linkB = theirs.body.payment_link.id as string;

    const page = await api.request("GET", `/api/payment-links/${linkB}`);
    expect(page.body).toMatchObject({
      product_id: id,
      product_data: { name: "B's poster", price_minor: 9999 },
    });
    const hosted = await api.request("GET", `/api/checkout/payment-links/${linkB}`);
    expect(hosted.status).toBe(200);
    expect(hosted.body.payment_link.product_data).toMatchObject({ name: "B's poster", price_minor: 9999 });

    const byProduct = await api.request("POST", "/v1/payment_intents", {
      token: b.pk,
      body: { product_id: id },
    });
    expect(byProduct.status, JSON.stringify(byProduct.body)).toBe(201);
    expect(byProduct.body).toMatchObject({ amount_minor: 9999, product_id: id });
    const byLink = await api.request("POST", "/v1/payment_intents", {
      token: b.pk,
      body: { payment_link: linkB },
    });
    expect(byLink.body).toMatchObject({ amount_minor: 9999, product_id: id });

    // A turning its link off does not take B's product off sale.
    await api.request("PUT", `/v1/products/${id}`, {
      token: a.sk,
      body: { name: "A's poster", price_minor: 100, stock: 10, link_active: false },
    });
    expect((await api.request("GET", `/api/payment-links/${mine.body.payment_link.id}`)).status).toBe(403);
    expect((await api.request("GET", `/api/payment-links/${linkB}`)).status).toBe(200);
    const stillOnSale = await api.request("POST", "/v1/payment_intents", {
      token: b.pk,
      body: { product_id: id },
    });
    expect(stillOnSale.status, JSON.stringify(stillOnSale.body)).toBe(201);
    expect(stillOnSale.body.amount_minor).toBe(9999);

    // A legacy link of B's naming the id sells B's product.
    const legacy = await api.request("POST", "/api/payment-links", {
      token: b.sk,
      body: { product_id: id, product_data: { name: "synced" } },
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.product_data).toMatchObject({ name: "B's poster", price_minor: 9999 });

    // An image is its own product's.
    const withImage = await uploadImage(a.sk, id);
    expect(withImage.image).not.toBeNull();
    expect((await read(b.sk, id)).body.image).toBeNull();
    expect((await api.request("GET", `/api/payment-links/${linkB}`)).body.product_data.image).toBeNull();
  });

  it("a settled payment takes stock from its own environment's product only", async () => {
    const id = chosenId("stock");
    const sandbox = await create(a.sk, { id, stock: 5 });
    const live = await liveKey(a);
    const production = await create(live.key, { id, stock: 5 });
    expect(production.status).toBe(201);
    expect(production.body.environment_id).not.toBe(sandbox.body.environment_id);
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: a.sk,
      body: { product_id: id },
    });
    const row = await api.deps.db
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", intent.body.id)
      .executeTakeFirstOrThrow();
    await decrementStockOnSettlement(api.deps.db, row);
    expect((await read(a.sk, id)).body.stock).toBe(4);
    expect((await read(live.key, id)).body.stock).toBe(5);
  });

  it("deleting A's product leaves B's: its link still sells, its image stays", async () => {
    const id = chosenId("lamp");
    await create(a.sk, { id, name: "A's lamp", price_minor: 100 });
    const theirs = await create(b.sk, { id, name: "B's lamp", price_minor: 4200 });
    await uploadImage(b.sk, id);
    await uploadImage(a.sk, id);

    const del = await api.request("DELETE", `/v1/products/${id}`, { token: a.sk });
    expect(del.status).toBe(200);
    expect((await read(a.sk, id)).status).toBe(404);
    const kept = await read(b.sk, id);
    expect(kept.body).toMatchObject({ name: "B's lamp", price_minor: 4200 });
    expect(kept.body.image).not.toBeNull();
    expect((await servedImage(kept.body.image.url)).status).toBe(200);
    const page = await api.request("GET", `/api/payment-links/${theirs.body.payment_link.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ active: true, product_id: id, product_data: { price_minor: 4200 } });
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: b.pk,
      body: { product_id: id },
    });
    expect(intent.body.amount_minor).toBe(4200);
  });
});

/** A served image variant, read through the app (its URL's path). */
async function servedImage(url: string) {
  const res = await app.request(new URL(url).pathname);
  return { status: res.status };
}

describe("the same id in the sandbox and production of one workspace", () => {
  it("both exist; each key sees its own; a session must name the environment when both hold it", async () => {
    const id = chosenId("both");
    const live = await liveKey(b);
    const sandbox = await create(b.sk, { id, name: "Test shirt", price_minor: 1 });
    const production = await create(live.key, { id, name: "Live shirt", price_minor: 5000 });
    expect(sandbox.status).toBe(201);
    expect(production.status).toBe(201);
    expect((await read(b.sk, id)).body.name).toBe("Test shirt");
    expect((await read(live.key, id)).body.name).toBe("Live shirt");
    expect((await create(live.key, { id })).body.error.code).toBe("id_taken");

    const headers = { "x-workspace-id": b.workspaceId };
    const ambiguous = await read(b.token, id, headers);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toMatchObject({ code: "parameter_missing", param: "X-Environment-Id" });
    const del = await api.request("DELETE", `/v1/products/${id}`, { token: b.token, headers });
    expect(del.status).toBe(400);
    const sync = await api.request("POST", "/api/products", {
      token: b.token,
      headers,
      body: { id, name: "Which?", price_usd: 1 },
    });
    expect(sync.status).toBe(400);
    const cursor = await api.request("GET", `/v1/products?starting_after=${id}`, { token: b.token, headers });
    expect(cursor.body.error).toMatchObject({ code: "parameter_missing", param: "starting_after" });
    const named = await read(b.token, id, { ...headers, "x-environment-id": live.environment_id });
    expect(named.body.name).toBe("Live shirt");

    // Changing or deleting one leaves the other.
    await api.request("PUT", `/v1/products/${id}`, {
      token: live.key,
      body: { name: "Live shirt v2", price_minor: 6000, stock: 1 },
    });
    expect((await read(b.sk, id)).body).toMatchObject({ name: "Test shirt", price_minor: 1 });
    expect((await api.request("DELETE", `/v1/products/${id}`, { token: b.sk })).status).toBe(200);
    expect((await read(live.key, id)).body.name).toBe("Live shirt v2");
    // One left: the session no longer needs to say which.
    expect((await read(b.token, id, headers)).body.name).toBe("Live shirt v2");
  });
});
