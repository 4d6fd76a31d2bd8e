/**
 * `x402Discovery([...paywalls])`: the merchant's paid routes for agents to find, from the
 * paywalls themselves — `GET /.well-known/x402` (and `/.well-known/x402.json`) answers the
 * per-origin manifest (x402 specs/extensions/well-known-discovery.md: `{x402Version: 2,
 * lastUpdated, items: [{resource, type, accepts, input, output?, requires?}]}`), and
 * `GET /discovery/resources` the same routes as a Bazaar lists them (`{x402Version, items:
 * [{resource, type, x402Version, accepts, lastUpdated, description, mimeType, extensions:
 * {bazaar}}], pagination}`).
 */
import { BAZAAR, type X402DiscoveryItem, type X402DiscoveryManifest } from "@spay/protocol/x402";
import type { PaywallListing } from "./paywall/core.js";

/** A paywall discovery can list (a `createPaywall` core, or the middleware of an adapter). */
export interface DiscoverablePaywall {
  describe?(origin: string): Promise<PaywallListing | null>;
}

/** One resource in the Bazaar's listing form (`@x402/extensions/bazaar` `DiscoveryResource`). */
export interface BazaarDiscoveryResource {
  resource: string;
  type: "http";
  x402Version: 2;
  accepts: X402DiscoveryItem["accepts"];
  /** ISO 8601. */
  lastUpdated: string;
  description?: string;
  mimeType?: string;
  serviceName?: string;
  tags?: string[];
  extensions: Record<string, unknown>;
}

export interface BazaarDiscoveryList {
  x402Version: 2;
  items: BazaarDiscoveryResource[];
  pagination: { limit: number; offset: number; total: number };
}

/** A Hono handler (`c`) and a fetch handler (`request`) at once. */
export type DiscoveryHandler = ((input: Request | { req: { raw: Request } }) => Promise<Response>) & {
  /** The manifest for `origin` (`https://api.example.com`). */
  manifest(origin: string): Promise<X402DiscoveryManifest>;
  /** The Bazaar listing for `origin`. */
  bazaar(origin: string): Promise<BazaarDiscoveryList>;
};

export const WELL_KNOWN_X402 = "/.well-known/x402";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "max-age=60" };

/**
 * Serves the paid routes of `paywalls`: mount it at `/.well-known/x402` (and, for the Bazaar's
 * form, `/discovery/resources`). A paywall is listed once its route path is known — its
 * `discovery.path`, or the path of the first request it saw. `accepts` are advisory (terms
 * without the single-use nonce): the live 402 is authoritative.
 *
 * @example
 * const weather = paywall({ price: "$0.001", apiKey, discovery: { path: "/weather" } });
 * app.get("/weather", weather, (c) => c.json({ sunny: true }));
 * const discovery = x402Discovery([weather]);
 * app.get("/.well-known/x402", discovery);
 * app.get("/discovery/resources", discovery);
 */
export function x402Discovery(paywalls: readonly DiscoverablePaywall[]): DiscoveryHandler {
  const listings = async (origin: string): Promise<PaywallListing[]> => {
    const found = await Promise.all(paywalls.map((p) => p.describe?.(origin) ?? null));
    return found.filter((l): l is PaywallListing => l !== null);
  };
  const manifest = async (origin: string): Promise<X402DiscoveryManifest> => ({
    x402Version: 2,
    lastUpdated: Math.floor(Date.now() / 1000),
    items: (await listings(origin)).map((l) => l.item),
  });
  const bazaar = async (origin: string): Promise<BazaarDiscoveryList> => {
    const now = new Date().toISOString();
    const items = (await listings(origin)).map(({ item, bazaar }) => ({
      resource: item.resource.url,
      type: item.type,
      x402Version: 2 as const,
      accepts: item.accepts,
      lastUpdated: now,
      ...(item.resource.description ? { description: item.resource.description } : {}),
      mimeType: item.resource.mimeType,
      ...(item.resource.serviceName ? { serviceName: item.resource.serviceName } : {}),
      ...(item.resource.tags ? { tags: item.resource.tags } : {}),
      extensions: { [BAZAAR]: bazaar },
    }));
    return { x402Version: 2, items, pagination: { limit: items.length, offset: 0, total: items.length } };
  };
  const handler = (async (input: Request | { req: { raw: Request } }) => {
    const request = input instanceof Request ? input : input.req.raw;
    const url = new URL(request.url);
    const body = url.pathname.endsWith("/discovery/resources")
      ? await bazaar(url.origin)
      : await manifest(url.origin);
    return new Response(JSON.stringify(body), { status: 200, headers: JSON_HEADERS });
  }) as DiscoveryHandler;
  handler.manifest = manifest;
  handler.bazaar = bazaar;
  return handler;
}
