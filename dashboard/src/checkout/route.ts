/** The customer-facing pages checkout.html renders, and what each takes from the URL. */
export type CheckoutRoute =
  | { page: "payment-link"; id: string }
  /** `checkout_url` is `/pay/:intentId?client_secret=…`: the secret is what lets the page read the intent. */
  | { page: "hosted-checkout"; intentId: string; clientSecret: string };

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

/**
 * `/payment-links/:id` and `/pay/:intentId?client_secret=…` (a trailing slash allowed); anything
 * else is null. A missing secret is "" — the server answers that read with its 404.
 */
export function checkoutRoute(pathname: string, search = ""): CheckoutRoute | null {
  const id = segment(pathname, "/payment-links/");
  if (id !== null) return { page: "payment-link", id };
  const intentId = segment(pathname, "/pay/");
  if (intentId !== null)
    return {
      page: "hosted-checkout",
      intentId,
      clientSecret: new URLSearchParams(search).get("client_secret") ?? "",
    };
  return null;
}
