import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { ChainClient } from "../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../cli/pay.ts";
import { nowSeconds } from "../domain/ids.ts";
import { SettlementWatcher } from "../services/settlement/watcher.ts";

/**
 * "The price comes from the catalogue". What a visitor of a merchant's page can
 * do with the publishable key it finds there: send a lower amount, buy without a product, buy
 * another environment's product, buy through a disabled or expired link, buy what is sold out.
 * Stock is taken when a payment settles (real transfers on the devnet), never at creation.
 */
let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api?.close());

const createIntent = (token: string, body: Record<string, unknown>) =>
  api.request("POST", "/v1/payment_intents", { token, body });
const createProduct = async (body: Record<string, unknown>, token = merchant.sk) => {
  const res = await api.request("POST", "/v1/products", {
    token,
    body: { name: "Poster", price_minor: 2500, stock: 10, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; price_minor: number; payment_link: { id: string } };
};
const intentCount = async () =>
  Number(
    (
      await api.deps.db
        .selectFrom("payment_intents")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("workspace_id", "=", merchant.workspaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const stockOf = async (productId: string) =>
  (await api.request("GET", `/v1/products/${productId}`, { token: merchant.sk })).body.stock as number;
const setBrowserAmounts = (allow: boolean, token = merchant.token) =>
  api.request("PATCH", `/v1/workspaces/${merchant.workspaceId}`, {
    token,
    body: { allow_browser_amounts: allow },
  });

describe("price tampering: the catalogue, not the browser, sets the price", () => {
  it("a publishable key naming a product with a lower amount_minor is refused (amount_mismatch) and creates nothing", async () => {
    const product = await createProduct({ price_minor: 2500 });
    const before = await intentCount();
    const res = await createIntent(merchant.pk, { product_id: product.id, amount_minor: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "amount_mismatch", param: "amount_minor" });
    // The legacy alias is no way around it, nor is a secret key.
    const alias = await createIntent(merchant.pk, { product_id: product.id, amount_usd: 1 });
    expect(alias.body.error.code).toBe("amount_mismatch");
    const bySk = await createIntent(merchant.sk, { product_id: product.id, amount_minor: 2499 });
    expect(bySk.body.error.code).toBe("amount_mismatch");
    expect(await intentCount()).toBe(before);
  });

  it("the product's price wins: product_id alone (or with the matching amount) creates an intent for the catalogue price", async () => {
    const product = await createProduct({ price_minor: 4200 });
    const priced = await createIntent(merchant.pk, { product_id: product.id });
    expect(priced.status).toBe(201);
    expect(priced.body).toMatchObject({ amount_minor: 4200, product_id: product.id, currency: "usd" });
    // Backwards compatible: callers that already send the right amount keep working.
    const matching = await createIntent(merchant.pk, { product_id: product.id, amount_minor: 4200 });
    expect(matching.status).toBe(201);
    expect(matching.body.amount_minor).toBe(4200);
  });

  it("a payment link prices the intent from its product, and a product_id other than the link's is refused", async () => {
    const product = await createProduct({ price_minor: 1800 });
    const other = await createProduct({ price_minor: 1 });
    const viaLink = await createIntent(merchant.pk, { payment_link: product.payment_link.id });
    expect(viaLink.status).toBe(201);
    expect(viaLink.body).toMatchObject({ amount_minor: 1800, product_id: product.id });
    const swapped = await createIntent(merchant.pk, {
      payment_link: product.payment_link.id,
      product_id: other.id,
    });
    expect(swapped.body.error).toMatchObject({ code: "parameter_invalid", param: "product_id" });
    const tampered = await createIntent(merchant.pk, {
      payment_link: product.payment_link.id,
      amount_minor: 1,
    });
    expect(tampered.body.error.code).toBe("amount_mismatch");
  });

  it("a link without a product is priced by the merchant's product_data, not by the browser", async () => {
    const id = `link_legacy_${Date.now()}`;
    const saved = await api.request("POST", "/api/payment-links", {
      token: merchant.sk,
      body: { id, product_data: { name: "Sticker", price: 3.5 } },
    });
    expect(saved.status).toBe(200);
    const res = await createIntent(merchant.pk, { payment_link: id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount_minor: 350, product_id: null });
    expect((await createIntent(merchant.pk, { payment_link: id, amount_minor: 100 })).body.error.code).toBe(
      "amount_mismatch",
    );
  });
});

describe("custom amounts: an arbitrary amount needs a secret key unless the workspace allows it", () => {
  it("a publishable key with a bare amount is refused (403 custom_amount_not_allowed) while the setting is off", async () => {
    expect(
      (await api.request("GET", `/v1/workspaces/${merchant.workspaceId}`, { token: merchant.sk })).body,
    ).toMatchObject({ allow_browser_amounts: false });
    const before = await intentCount();
    const res = await createIntent(merchant.pk, { amount_minor: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      type: "permission_error",
      code: "custom_amount_not_allowed",
      param: "amount_minor",
    });
    expect(res.body.error.message).toContain("product_id");
    expect(await intentCount()).toBe(before);
    // The merchant's own server (secret key) and dashboard (session) set amounts freely.
    expect((await createIntent(merchant.sk, { amount_minor: 1 })).status).toBe(201);
    const bySession = await api.request("POST", "/v1/payment_intents", {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
      body: { amount_minor: 1 },
    });
    expect(bySession.status).toBe(201);
  });

  it("a key cannot switch the setting on: only a signed-in member can, and then the browser may set amounts", async () => {
    expect((await setBrowserAmounts(true, merchant.pk)).status).toBe(401);
    expect((await setBrowserAmounts(true, merchant.sk)).body.error.code).toBe("session_required");
    const on = await setBrowserAmounts(true);
    expect(on.status).toBe(200);
    expect(on.body.allow_browser_amounts).toBe(true);
    try {
      const res = await createIntent(merchant.pk, { amount_minor: 777 });
      expect(res.status).toBe(201);
      expect(res.body.amount_minor).toBe(777);
      // A product's price still wins when one is named.
      const product = await createProduct({ price_minor: 900 });
      expect(
        (await createIntent(merchant.pk, { product_id: product.id, amount_minor: 777 })).body.error.code,
      ).toBe("amount_mismatch");
    } finally {
      expect((await setBrowserAmounts(false)).body.allow_browser_amounts).toBe(false);
    }
    expect((await createIntent(merchant.pk, { amount_minor: 777 })).body.error.code).toBe(
      "custom_amount_not_allowed",
    );
    // Each switch is in the audit log, with who did it; saving the same value again records nothing.
    await setBrowserAmounts(false);
    const log = await api.request("GET", "/v1/audit_log?action=workspace.browser_amounts_changed", {
      token: merchant.sk,
    });
    expect(log.status).toBe(200);
    expect(
      (log.body.data as { actor: { id: string }; object_id: string; details: unknown }[]).map((e) => [
        e.actor.id,
        e.object_id,
        e.details,
      ]),
    ).toEqual([
      [merchant.user.id, merchant.workspaceId, { allow_browser_amounts: false }],
      [merchant.user.id, merchant.workspaceId, { allow_browser_amounts: true }],
    ]);
  });
});

describe("what the publishable key may buy: active products and links of its own environment", () => {
  it("a test publishable key naming a live product or live link gets 404, as for an unknown id", async () => {
    const liveKey = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    expect(liveKey.status).toBe(201);
    const live = await createProduct({ name: "Live poster" }, liveKey.body.key);
    const byProduct = await createIntent(merchant.pk, { product_id: live.id });
    expect(byProduct.status).toBe(404);
    expect(byProduct.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
    const byLink = await createIntent(merchant.pk, { payment_link: live.payment_link.id });
    expect(byLink.status).toBe(404);
    expect(byLink.body.error).toMatchObject({ code: "resource_missing", param: "payment_link" });
    // The test secret key does not reach across either.
    expect((await createIntent(merchant.sk, { product_id: live.id })).status).toBe(404);
  });

  it("another tenant's product or link is 404 as well", async () => {
    const other = await setupMerchant(api);
    const theirs = await createProduct({}, other.sk);
    expect((await createIntent(merchant.pk, { product_id: theirs.id })).status).toBe(404);
    expect((await createIntent(merchant.pk, { payment_link: theirs.payment_link.id })).status).toBe(404);
  });

  it("a disabled link sells nothing to the browser: neither by its id nor by its product's id", async () => {
    const product = await createProduct({ link_active: false });
    const byLink = await createIntent(merchant.pk, { payment_link: product.payment_link.id });
    expect(byLink.status).toBe(403);
    expect(byLink.body.error).toMatchObject({ code: "payment_link_disabled", param: "payment_link" });
    const byProduct = await createIntent(merchant.pk, { product_id: product.id });
    expect(byProduct.status).toBe(403);
    expect(byProduct.body.error).toMatchObject({ code: "payment_link_disabled", param: "product_id" });
    // The merchant's server may still sell it (an invoice for a product not on public sale).
    expect((await createIntent(merchant.sk, { product_id: product.id })).status).toBe(201);
  });

  it("an expired link sells nothing (410 payment_link_expired)", async () => {
    const id = `link_expired_${Date.now()}`;
    await api.request("POST", "/api/payment-links", {
      token: merchant.sk,
      body: { id, product_data: { name: "Late", price_minor: 500 }, expires_at: nowSeconds() - 60 },
    });
    const res = await createIntent(merchant.pk, { payment_link: id });
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({ code: "payment_link_expired", param: "payment_link" });
  });
});

describe("stock: a product with none left is sold out", () => {
  it("an intent for a product with stock 0 is refused (409 product_sold_out), whoever asks", async () => {
    const product = await createProduct({ stock: 0 });
    for (const token of [merchant.pk, merchant.sk]) {
      const res = await createIntent(token, { product_id: product.id });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "product_sold_out", param: "product_id" });
    }
    expect((await createIntent(merchant.pk, { payment_link: product.payment_link.id })).body.error.code).toBe(
      "product_sold_out",
    );
  });

  it("the public link of a sold-out product says so (sold_out), with the product's live stock and price", async () => {
    const product = await createProduct({ stock: 0, price_minor: 1300 });
    const page = await api.request("GET", `/api/payment-links/${product.payment_link.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ sold_out: true, product_data: { stock: 0, price_minor: 1300 } });
    const hosted = await api.request("GET", `/api/checkout/payment-links/${product.payment_link.id}`);
    expect(hosted.body.payment_link.sold_out).toBe(true);
    const inStock = await createProduct({ stock: 3 });
    expect((await api.request("GET", `/api/payment-links/${inStock.payment_link.id}`)).body.sold_out).toBe(
      false,
    );
  });
});

describe("a $0 product cannot be sold through a payment link", () => {
  it("creating a $0 product with its (active) link is refused; without an active link it is saved", async () => {
    const res = await api.request("POST", "/v1/products", {
      token: merchant.sk,
      body: { name: "Free", price_minor: 0, stock: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "product_price_required", param: "price_minor" });
    const parked = await createProduct({ name: "Free", price_minor: 0, link_active: false });
    // Its link cannot be switched on, and nothing can be bought for $0.
    const enable = await api.request("PUT", `/v1/products/${parked.id}`, {
      token: merchant.sk,
      body: { name: "Free", price_minor: 0, stock: 5, link_active: true },
    });
    expect(enable.body.error.code).toBe("product_price_required");
    expect((await createIntent(merchant.sk, { product_id: parked.id })).body.error.code).toBe(
      "product_price_required",
    );
    const legacy = await api.request("POST", "/api/payment-links", {
      token: merchant.sk,
      body: { id: parked.payment_link.id, product_data: { name: "Free" }, active: true },
    });
    expect(legacy.body.error.code).toBe("product_price_required");
  });

  it("a product with an active link cannot be changed to $0, and a legacy link cannot be saved at $0", async () => {
    const product = await createProduct({ price_minor: 700 });
    const res = await api.request("PUT", `/v1/products/${product.id}`, {
      token: merchant.sk,
      body: { name: "Poster", price_minor: 0, stock: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "product_price_required", param: "price_minor" });
    expect(
      (await api.request("GET", `/v1/products/${product.id}`, { token: merchant.sk })).body.price_minor,
    ).toBe(700);
    const legacy = await api.request("POST", "/api/payment-links", {
      token: merchant.sk,
      body: { product_data: { name: "Nothing", price: 0 } },
    });
    expect(legacy.status).toBe(400);
    expect(legacy.body.error).toMatchObject({ code: "product_price_required", param: "product_data" });
  });
});

describe("stock is taken when a payment settles on chain, once, never at creation", () => {
  let devnet: Devnet;
  let watcher: SettlementWatcher;
  const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, blockMs: 0 });
    const chain = new ChainClient({ baseUrl: devnet.url, timeoutMs: 5_000, retries: 0 });
    watcher = new SettlementWatcher(
      api.deps,
      { test: chain, live: chain },
      { intervalMs: 50, discoveryIntervalMs: 0, dropAfterSeconds: 3600, lateWindowSeconds: 86_400 },
    );
  }, 120_000);
  afterAll(() => devnet?.stop());

  /** The customer's wallet pays the intent (memo = the intent's), the devnet mines it, the watcher reads it. */
  async function pay(intent: IntentForPayment) {
    const tx = await buildIntentTransfer(intent, payer.privateKey, devnet.url);
    const { txid } = await broadcastIntentTransfer(tx, devnet.url);
    await devnet.waitForTx(txid);
  }
  const statusOf = async (id: string) =>
    (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body.status as string;

  it("creating intents takes no stock; settling one takes exactly one unit, and re-reading the chain takes no more", async () => {
    const product = await createProduct({ price_minor: 1999, stock: 2 });
    const first = (await createIntent(merchant.pk, { product_id: product.id })).body as IntentForPayment;
    const second = await createIntent(merchant.pk, { product_id: product.id });
    expect(second.status).toBe(201);
    expect(await stockOf(product.id)).toBe(2);
    await pay(first);
    await watcher.tick();
    expect(await statusOf(first.id)).toBe("payment_settled");
    expect(await stockOf(product.id)).toBe(1);
    await devnet.mineBlock();
    await watcher.tick();
    expect(await stockOf(product.id)).toBe(1);
    const page = await api.request("GET", `/api/payment-links/${product.payment_link.id}`);
    expect(page.body).toMatchObject({ sold_out: false, product_data: { stock: 1 } });
  });

  it("two customers paying for the last unit both settle (they paid); stock stops at 0 and the product is sold out", async () => {
    const product = await createProduct({ price_minor: 1500, stock: 1 });
    const a = (await createIntent(merchant.pk, { product_id: product.id })).body as IntentForPayment;
    const b = (await createIntent(merchant.pk, { product_id: product.id })).body as IntentForPayment;
    await pay(a);
    await pay(b);
    await watcher.tick();
    expect(await statusOf(a.id)).toBe("payment_settled");
    expect(await statusOf(b.id)).toBe("payment_settled");
    expect(await stockOf(product.id)).toBe(0);
    expect((await createIntent(merchant.pk, { product_id: product.id })).body.error.code).toBe(
      "product_sold_out",
    );
    expect((await api.request("GET", `/api/payment-links/${product.payment_link.id}`)).body.sold_out).toBe(
      true,
    );
  });
});
