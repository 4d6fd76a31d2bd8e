import { describe, expect, it } from "vitest";
import type { SPayClient } from "../../core/client.js";
import { SPayError } from "../../core/errors.js";
import { MESSAGES } from "../../core/messages.js";
import type { PaymentLink, Product } from "../../core/types.js";
import { linkLoadErrorText, loadPaymentLinkData } from "./loadPaymentLink.js";

const LINK: PaymentLink = {
  id: "plink_1",
  object: "payment_link",
  url: "https://pay.example/payment-links/plink_1",
  product_id: "prod_1",
  merchant_id: null,
  merchant_name: "Shop",
  product_data: { name: "Tea", price: 12.5, require_email: true, viewType: "button" },
  merchant_wallet: null,
  active: true,
  sold_out: false,
  env: "test",
  expires_at: null,
  created_at: 1,
};

const PRODUCT: Product = {
  id: "prod_1",
  object: "product",
  environment_id: "env_test",
  name: "Tea",
  description: null,
  image: null,
  price_minor: 1250,
  price: 12.5,
  currency: "usd",
  stock: 3,
  view_type: "card",
  require_email: false,
  require_shipping_address: true,
  payment_link: { id: "plink_1", active: true, url: LINK.url },
  created_at: 1,
  updated_at: 1,
};

function client(product: Product, link: PaymentLink) {
  return {
    getProduct: async () => product,
    getPaymentLink: async () => link,
  } as unknown as SPayClient;
}

describe("loadPaymentLinkData", () => {
  it("reads a link, converting the legacy dollar price to cents", async () => {
    const data = await loadPaymentLinkData(client(PRODUCT, LINK), { linkId: "plink_1" });
    expect(data).toMatchObject({
      linkId: "plink_1",
      merchantName: "Shop",
      env: "test",
      priceMinor: 1250,
      requireEmail: true,
      view: "button",
    });
  });

  it("reads a product through its public link (merchant name, test mode)", async () => {
    const data = await loadPaymentLinkData(client(PRODUCT, LINK), { productId: "prod_1" });
    expect(data).toMatchObject({ productId: "prod_1", merchantName: "Shop", env: "test" });
  });

  it("uses the product alone when it has no link", async () => {
    const data = await loadPaymentLinkData(client({ ...PRODUCT, payment_link: null }, LINK), {
      productId: "prod_1",
    });
    expect(data).toMatchObject({ merchantName: null, env: null, priceMinor: 1250, requireShipping: true });
  });
});

describe("linkLoadErrorText (SPEC.md §8 'Payment link load')", () => {
  const err = (status: number, code = "x") => new SPayError("m", { status, code });
  it.each([
    [err(404), MESSAGES.linkNotFound],
    [err(410), MESSAGES.linkExpired],
    [err(403, "payment_link_disabled"), MESSAGES.linkDisabled],
    [err(500), MESSAGES.linkLoadFailed],
    [new Error("offline"), MESSAGES.linkLoadFailed],
  ])("%s → %s", (error, text) => {
    expect(linkLoadErrorText(error)).toBe(text);
  });
});
