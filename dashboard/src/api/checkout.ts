import type { PaymentIntent, PaymentLink } from "@spay/sdk";
import { apiRequest } from "./http.ts";

/** Public: a payment link and the merchant's publishable key its page pays with. */
export function hostedPaymentLink(
  id: string,
): Promise<{ publishable_key: string; payment_link: PaymentLink }> {
  return apiRequest(`/api/checkout/payment-links/${encodeURIComponent(id)}`);
}

/**
 * Public: a payment intent for `/pay/:id`, with the merchant's name and publishable key. Only with
 * the intent's client secret (from `checkout_url`); without it, or with a wrong one, a 404.
 */
export function hostedPaymentIntent(
  id: string,
  clientSecret: string,
): Promise<{ publishable_key: string; merchant_name: string | null; payment_intent: PaymentIntent }> {
  return apiRequest(
    `/api/checkout/payment-intents/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(clientSecret)}`,
  );
}
