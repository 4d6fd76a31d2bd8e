/** The customer-facing pages checkout.html renders, and the id each takes from the URL. */
export type CheckoutRoute =
  | { page: "payment-link"; id: string }
  | { page: "hosted-checkout"; intentId: string };

/**
 * The URL path prefixes served by checkout.html (the gateway and test/harness/dashboard-server.ts
 * answer a page request under them with it; `vite dev` too, see vite.config.ts).
 */
export const CHECKOUT_PREFIXES = ["/payment-links/", "/pay/"] as const;

function segment(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/$/, "");
  if (!rest || rest.includes("/")) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** `/payment-links/:id` and `/pay/:intentId` (a trailing slash allowed); anything else is null. */
export function checkoutRoute(pathname: string): CheckoutRoute | null {
  const id = segment(pathname, "/payment-links/");
  if (id !== null) return { page: "payment-link", id };
  const intentId = segment(pathname, "/pay/");
  if (intentId !== null) return { page: "hosted-checkout", intentId };
  return null;
}
