import { type PaymentLink, SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { linkData, linkLoadError, linkSoldOut, linkViewType } from "./link-view.ts";

const link = (product_data: PaymentLink["product_data"]): PaymentLink => ({
  id: "plink_1",
  object: "payment_link",
  url: "https://pay.example/payment-links/plink_1",
  product_id: "prod_1",
  merchant_id: "merch_1",
  merchant_name: "Acme",
  product_data,
  merchant_wallet: null,
  active: true,
  sold_out: false,
  env: "test",
  expires_at: null,
  created_at: 1_700_000_000,
});

const apiError = (status: number, code: string) => new SPayError(code, { status, code });

describe("payment link page rules", () => {
  it("shows Sold out only when the server says the link's product has no stock left", () => {
    expect(linkSoldOut({ ...link({ stock: 0 }), sold_out: true })).toBe(true);
    expect(linkSoldOut({ ...link({ stock: 3 }), sold_out: false })).toBe(false);
    // A link without a product never sells out (the server sends `sold_out: false`).
    const productless: PaymentLink = { ...link({}), product_id: null };
    expect(linkSoldOut(productless)).toBe(false);
  });
  it("renders card by default, button when asked, anything else is invalid", () => {
    expect(linkViewType(link({}))).toBe("card");
    expect(linkViewType(link({ viewType: "button" }))).toBe("button");
    expect(linkViewType(link({ viewType: "carousel" }))).toBe("invalid");
  });
  it("explains load failures with SPEC.md §8's texts", () => {
    expect(linkLoadError(apiError(404, "payment_link_not_found"))).toBe(
      "This payment link does not exist or has been removed.",
    );
    expect(linkLoadError(apiError(410, "payment_link_expired"))).toBe("This payment link has expired.");
    expect(linkLoadError(apiError(403, "payment_link_disabled"))).toBe(
      "This payment link has been disabled.",
    );
    expect(linkLoadError(apiError(500, "internal_error"))).toBe(
      "Failed to load payment link. Please try again.",
    );
    expect(linkLoadError(new TypeError("offline"))).toBe("Failed to load payment link. Please try again.");
  });
  it("reads the price in cents, rounding a legacy dollar price", () => {
    expect(linkData(link({ name: "Mug", price_minor: 1250 })).priceMinor).toBe(1250);
    expect(linkData(link({ name: "Mug", price: 12.505 })).priceMinor).toBe(1251);
    expect(linkData(link({ require_email: true })).requireEmail).toBe(true);
  });
  it("ignores product_data fields of the wrong type (free-form JSON from older clients)", () => {
    const data = linkData(
      link({ name: 42, description: null, price_minor: "1250", price: 12.5, stock: "3" }),
    );
    expect(data).toMatchObject({ productName: "", description: null, priceMinor: 1250, stock: null });
    expect(linkData(link({ viewType: 7 })).view).toBe("card");
  });
  it("carries the product image (url, srcset, size) when product_data has one of the server's shape", () => {
    const image = {
      url: "https://pay.example/v1/product_images/img_a-512-0123456789abcdef.webp",
      srcset: "https://pay.example/v1/product_images/img_a-512-0123456789abcdef.webp 512w",
      width: 512,
      height: 512,
    };
    expect(linkData(link({ name: "Mug", image: { ...image, variants: [] } })).image).toEqual(image);
    expect(linkData(link({ name: "Mug" })).image).toBeNull();
    expect(linkData(link({ image: { url: "javascript:alert(1)" } })).image).toBeNull();
  });
});
