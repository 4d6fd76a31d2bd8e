import { useState } from "react";
import {
  type CheckoutFormErrors,
  type CheckoutFormValues,
  type PaymentMethodChoice,
  validateCheckoutForm,
} from "./validateCheckoutForm.js";

/** The card's form: values, errors, and the setters its inputs call. */
export interface CheckoutForm {
  values: CheckoutFormValues;
  /** Errors of the fields the payer has left (blurred), so nothing shouts before typing. */
  shown: { email: string | null; shipping: string | null };
  errors: CheckoutFormErrors;
  setMethod: (method: PaymentMethodChoice) => void;
  setEmail: (email: string) => void;
  setShipping: (shipping: string) => void;
  touch: (field: "email" | "shipping") => void;
}

/** The card's form state and its validation (behaviour; the markup is PaymentLinkCardView). */
export function useCheckoutForm(rules: { requireEmail: boolean; requireShipping: boolean }): CheckoutForm {
  const [values, setValues] = useState<CheckoutFormValues>({ method: null, email: "", shipping: "" });
  const [touched, setTouched] = useState({ email: false, shipping: false });
  const errors = validateCheckoutForm(values, rules);
  return {
    values,
    errors,
    shown: {
      email: touched.email ? errors.email : null,
      shipping: touched.shipping ? errors.shipping : null,
    },
    setMethod: (method) => setValues((v) => ({ ...v, method })),
    setEmail: (email) => setValues((v) => ({ ...v, email })),
    setShipping: (shipping) => setValues((v) => ({ ...v, shipping })),
    touch: (field) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
  };
}
