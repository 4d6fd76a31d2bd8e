/** Payment identifiers (x402's `payment-identifier` extension) made where Web Crypto runs. */

/** A fresh identifier: `prefix` and 32 hex digits of a UUID v4 (the spec's recommendation). */
export function generatePaymentId(prefix = "pay_"): string {
  return `${prefix}${globalThis.crypto.randomUUID().replace(/-/g, "")}`;
}
