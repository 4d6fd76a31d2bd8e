import type { CreatePaymentIntentParams } from "../../core/types.js";
import type { PaymentLinkData } from "./linkData.js";
import type { CheckoutFormValues } from "./validateCheckoutForm.js";

/**
 * The payment intent a card's Pay creates: the product's price in cents, the payer's email and
 * address when given, and SPEC.md §7's metadata (product_id, product_name).
 */
export function checkoutParams(data: PaymentLinkData, values: CheckoutFormValues): CreatePaymentIntentParams {
  const email = values.email.trim();
  const shipping = values.shipping.trim();
  const metadata: Record<string, string> = { product_name: data.productName };
  if (data.productId) metadata.product_id = data.productId;
  if (data.linkId) metadata.payment_link_id = data.linkId;
  return {
    amount_minor: data.priceMinor,
    currency: "usd",
    ...(data.productId ? { product_id: data.productId } : {}),
    // The link (or its product) sets the price on the server; a publishable key needs one of them.
    ...(data.linkId ? { payment_link: data.linkId } : {}),
    ...(email ? { customer_email: email } : {}),
    ...(shipping ? { shipping_address: { address: shipping } } : {}),
    payment_method: values.method === "wallet" ? "wallet" : "qr",
    metadata,
  };
}
