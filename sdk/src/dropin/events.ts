import type { PaymentIntent } from "../core/types.js";

/**
 * DOM events a bound element dispatches, so a page without a build step can react:
 * `el.addEventListener("spay:success", (e) => e.detail.intent)`.
 */
export const SPAY_EVENTS = { success: "spay:success", error: "spay:error" } as const;

/** `detail` of `spay:success`. */
export interface SPaySuccessDetail {
  intent: PaymentIntent;
}
/** `detail` of `spay:error`. */
export interface SPayErrorDetail {
  error: Error;
}

/** Tells the page a bound element's payment settled. */
export function dispatchSuccess(el: HTMLElement, intent: PaymentIntent): void {
  el.dispatchEvent(
    new CustomEvent<SPaySuccessDetail>(SPAY_EVENTS.success, {
      detail: { intent },
      bubbles: true,
      composed: true,
    }),
  );
}

/** Tells the page a bound element's checkout failed (the message is the text shown). */
export function dispatchError(el: HTMLElement, error: Error): void {
  el.dispatchEvent(
    new CustomEvent<SPayErrorDetail>(SPAY_EVENTS.error, { detail: { error }, bubbles: true, composed: true }),
  );
}
