/** The sPay settings, fixed at build time from VITE_SPAY_* (see .env.example). */
export const config = {
  publishableKey: import.meta.env.VITE_SPAY_PUBLISHABLE_KEY ?? "",
  apiUrl: import.meta.env.VITE_SPAY_API_URL ?? "http://localhost:8787",
  productId: import.meta.env.VITE_SPAY_PRODUCT_ID ?? "",
  linkId: import.meta.env.VITE_SPAY_LINK_ID ?? "",
};

/** The variables still missing, to tell the developer instead of rendering broken checkouts. */
export function missingSettings(): string[] {
  return [
    ["VITE_SPAY_PUBLISHABLE_KEY", config.publishableKey],
    ["VITE_SPAY_PRODUCT_ID", config.productId],
    ["VITE_SPAY_LINK_ID", config.linkId],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name!);
}
