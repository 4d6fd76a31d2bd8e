import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../core/messages.js";
import { validateCheckoutForm } from "./validateCheckoutForm.js";

const none = { requireEmail: false, requireShipping: false };
const both = { requireEmail: true, requireShipping: true };

describe("validateCheckoutForm (SPEC.md §5 'Checkout')", () => {
  it("needs a payment method", () => {
    expect(validateCheckoutForm({ method: null, email: "", shipping: "" }, none).valid).toBe(false);
    expect(validateCheckoutForm({ method: "qr", email: "", shipping: "" }, none).valid).toBe(true);
  });

  it("needs an email when the product requires one", () => {
    const result = validateCheckoutForm({ method: "qr", email: "  ", shipping: "x" }, both);
    expect(result.email).toBe(MESSAGES.emailRequired);
    expect(result.valid).toBe(false);
  });

  it("rejects an email that is not one", () => {
    expect(validateCheckoutForm({ method: "qr", email: "bob@", shipping: "x" }, both).email).toBe(
      MESSAGES.emailInvalid,
    );
  });

  it("needs a shipping address when the product requires one", () => {
    const result = validateCheckoutForm({ method: "wallet", email: "a@b.co", shipping: " " }, both);
    expect(result.shipping).toBe(MESSAGES.shippingRequired);
    expect(result.valid).toBe(false);
  });

  it("is valid with every requirement met", () => {
    expect(validateCheckoutForm({ method: "wallet", email: "a@b.co", shipping: "1 Main St" }, both)).toEqual({
      email: null,
      shipping: null,
      valid: true,
    });
  });
});
