import type { Product } from "@spay/sdk";
import type { ProductInput } from "../api/products.ts";
import { PRODUCTS } from "./messages.ts";

/** The editor's fields as typed (numbers stay strings until saved). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  viewType: "card" | "button";
  requireEmail: boolean;
  requireShipping: boolean;
  linkActive: boolean;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  price: "",
  stock: "",
  viewType: "card",
  requireEmail: false,
  requireShipping: false,
  linkActive: true,
};

export function formFromProduct(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? "",
    price: (product.price_minor / 100).toFixed(2),
    stock: String(product.stock),
    viewType: product.view_type,
    requireEmail: product.require_email,
    requireShipping: product.require_shipping_address,
    linkActive: product.payment_link?.active ?? true,
  };
}

/** SPEC.md §9: price × 100, rounded, in integer cents; NaN when not a number. */
export function priceToCents(price: string): number {
  const value = Number(price);
  return price.trim() === "" || !Number.isFinite(value) ? Number.NaN : Math.round(value * 100);
}

export type ProductFormErrors = Partial<Record<"name" | "price" | "stock", string>>;

/** The highest price the server takes (server/src/domain/money.ts MAX_AMOUNT_MINOR): $999,999.99. */
export const MAX_PRICE_CENTS = 99_999_999;

/**
 * SPEC.md §5: name required; price a number ≥ 0 (step 0.01), required; stock a number ≥ 0,
 * required. A product whose payment link is active must cost more than $0: the server refuses
 * such a link (`product_price_required`), and a $0 link could never be paid.
 */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (!values.name.trim()) errors.name = PRODUCTS.nameRequired;
  const cents = priceToCents(values.price);
  if (Number.isNaN(cents) || cents < 0) errors.price = PRODUCTS.priceInvalid;
  else if (cents === 0 && values.linkActive) errors.price = PRODUCTS.priceZero;
  else if (cents > MAX_PRICE_CENTS) errors.price = PRODUCTS.priceTooHigh;
  const stock = Number(values.stock);
  if (values.stock.trim() === "" || !Number.isInteger(stock) || stock < 0)
    errors.stock = PRODUCTS.stockInvalid;
  return errors;
}

export function productInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    price_minor: priceToCents(values.price),
    currency: "usd",
    stock: Number(values.stock),
    view_type: values.viewType,
    require_email: values.requireEmail,
    require_shipping_address: values.requireShipping,
    link_active: values.linkActive,
  };
}

/** What the live preview shows while the merchant types (invalid numbers preview as 0). */
export function previewLink(values: ProductFormValues, merchantName: string, product: Product | null) {
  const cents = priceToCents(values.price);
  const stock = Number(values.stock);
  return {
    linkId: product?.payment_link?.id ?? null,
    productId: product?.id ?? null,
    merchantName: merchantName || null,
    env: "test" as const,
    productName: values.name || PRODUCTS.untitled,
    description: values.description || null,
    priceMinor: Number.isNaN(cents) || cents < 0 ? 0 : cents,
    stock: Number.isInteger(stock) && stock >= 0 ? stock : null,
    requireEmail: values.requireEmail,
    requireShipping: values.requireShipping,
    view: values.viewType,
    url: product?.payment_link?.url ?? null,
    image: product?.image ?? null,
  };
}
