import type { Product } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "./messages.ts";
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  priceToCents,
  productInput,
  validateProductForm,
} from "./product-form.ts";

const valid = { ...EMPTY_PRODUCT_FORM, name: "Mug", price: "12.5", stock: "3" };

describe("product form (SPEC.md §5)", () => {
  it("converts the price to cents by rounding", () => {
    expect(priceToCents("12.5")).toBe(1250);
    expect(priceToCents("0.015")).toBe(2);
    expect(priceToCents("19.999")).toBe(2000);
    expect(priceToCents("")).toBeNaN();
  });
  it("requires a name, a price ≥ 0 and a whole stock ≥ 0", () => {
    expect(validateProductForm(valid)).toEqual({});
    expect(validateProductForm({ ...valid, name: "  " })).toEqual({ name: PRODUCTS.nameRequired });
    expect(validateProductForm({ ...valid, price: "" }).price).toBe(PRODUCTS.priceInvalid);
    expect(validateProductForm({ ...valid, price: "-1" }).price).toBe(PRODUCTS.priceInvalid);
    expect(validateProductForm({ ...valid, price: "0", linkActive: false })).toEqual({});
    expect(validateProductForm({ ...valid, stock: "" }).stock).toBe(PRODUCTS.stockInvalid);
    expect(validateProductForm({ ...valid, stock: "-2" }).stock).toBe(PRODUCTS.stockInvalid);
    expect(validateProductForm({ ...valid, stock: "1.5" }).stock).toBe(PRODUCTS.stockInvalid);
  });
  it("refuses a $0 price while the payment link is active, in plain words", () => {
    expect(validateProductForm({ ...valid, price: "0" })).toEqual({ price: PRODUCTS.priceZero });
    expect(validateProductForm({ ...valid, price: "0.001" })).toEqual({ price: PRODUCTS.priceZero });
    expect(PRODUCTS.priceZero).toBe("Enter a price above $0: a payment link cannot charge $0");
  });
  it("refuses a price above $999,999.99", () => {
    expect(validateProductForm({ ...valid, price: "999999.99" })).toEqual({});
    expect(validateProductForm({ ...valid, price: "1000000" })).toEqual({ price: PRODUCTS.priceTooHigh });
  });
  it("saves USD cents, view type, requirements and the link's state", () => {
    expect(productInput({ ...valid, description: " ", requireEmail: true, linkActive: false })).toEqual({
      name: "Mug",
      description: null,
      price_minor: 1250,
      currency: "usd",
      stock: 3,
      view_type: "card",
      require_email: true,
      require_shipping_address: false,
      link_active: false,
    });
  });
  it("edits an existing product with its price in dollars", () => {
    const product = {
      id: "prod_1",
      name: "Mug",
      description: null,
      price_minor: 1250,
      stock: 3,
      view_type: "button",
      require_email: false,
      require_shipping_address: true,
      payment_link: { id: "plink_1", active: false, url: "x" },
    } as unknown as Product;
    expect(formFromProduct(product)).toMatchObject({ price: "12.50", viewType: "button", linkActive: false });
  });
});
