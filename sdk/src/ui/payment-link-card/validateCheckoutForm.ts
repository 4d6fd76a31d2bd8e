import { CARD_MESSAGES } from "../../core/messages.js";

/** The payer's choice on the card: the QR code or a browser wallet (SPEC.md §2). */
export type PaymentMethodChoice = "qr" | "wallet";

/** What the payer entered on the card. */
export interface CheckoutFormValues {
  method: PaymentMethodChoice | null;
  email: string;
  shipping: string;
}

/** The SPEC.md §5 message of each unmet rule (null when met). */
export interface CheckoutFormErrors {
  email: string | null;
  shipping: string | null;
  /** True while every rule holds: only then is Pay enabled. */
  valid: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SPEC.md §5 "Checkout": a payment method must be chosen; email when the product requires it;
 * a shipping address when it requires one. Pay stays disabled while any is unmet.
 */
export function validateCheckoutForm(
  values: CheckoutFormValues,
  rules: { requireEmail: boolean; requireShipping: boolean },
): CheckoutFormErrors {
  const email = values.email.trim();
  const emailError = rules.requireEmail
    ? !email
      ? CARD_MESSAGES.emailRequired
      : EMAIL.test(email)
        ? null
        : CARD_MESSAGES.emailInvalid
    : email && !EMAIL.test(email)
      ? CARD_MESSAGES.emailInvalid
      : null;
  const shippingError =
    rules.requireShipping && !values.shipping.trim() ? CARD_MESSAGES.shippingRequired : null;
  return {
    email: emailError,
    shipping: shippingError,
    valid: values.method !== null && emailError === null && shippingError === null,
  };
}
