/**
 * `x402Discovery([...paywalls])`: the merchant's paid routes for agents to find, from the
 * paywalls themselves — `GET /.well-known/x402` (and `/.well-known/x402.json`) answers the
 * per-origin manifest (x402 specs/extensions/well-known-discovery.md: `{x402Version: 2,
 * lastUpdated, items: [{resource, type, accepts, input, output?, requires?}]}`), and
 * `GET /discovery/resources` the same routes as a Bazaar lists them (`{x402Version, items:
 * [{resource, type, x402Version, accepts, lastUpdated, description, mimeType, extensions:
 * {bazaar}}], pagination}`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { BAZAAR, type X402DiscoveryItem, type X402DiscoveryManifest } from "@spay/protocol/x402";
import type { PaywallListing } from "./paywall/core.js";
import { internalError, jsonError, type NextFunction, serveNode } from "./paywall/host.js";

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

/** The listings themselves, whatever serves them. */
export interface DiscoveryListings {
  /** The manifest for `origin` (`https://api.example.com`). */
  manifest(origin: string): Promise<X402DiscoveryManifest>;
  /** The Bazaar listing for `origin`. */
  bazaar(origin: string): Promise<BazaarDiscoveryList>;
}

/** The part of a Hono `Context` discovery reads. */
export interface DiscoveryContextLike {
  req: { raw: Request };
}

/**
 * Express middleware (or a `node:http` handler), a fetch handler and a Hono handler at once, told
 * apart by their arguments; each hands a failed listing to its host's error path (`next(err)`, a
 * JSON 500, a throw that Hono's `onError` sees). For the framework's own types, import it from
 * `@spay/sdk/x402/express`, `/hono` or `/fetch`.
 */
export interface DiscoveryHandler extends DiscoveryListings {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): Promise<void>;
  (input: Request | DiscoveryContextLike): Promise<Response>;
}

export const WELL_KNOWN_X402 = "/.well-known/x402";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "max-age=60" };

/** A Web Request, also one from another copy of the fetch classes (duck-typed, as hosts differ). */
function isRequest(value: unknown): value is Request {
  if (value instanceof Request) return true;
  if (typeof value !== "object" || value === null) return false;
  const { url, method, headers } = value as { url?: unknown; method?: unknown; headers?: unknown };
  return (
    typeof url === "string" &&
    typeof method === "string" &&
    typeof (headers as { get?: unknown } | undefined)?.get === "function"
  );
}

/** The Request inside a Hono-like context, or null. */
function contextRequest(value: unknown): Request | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = (value as { req?: { raw?: unknown } }).req?.raw;
  return isRequest(raw) ? raw : null;
}

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
  const { manifest, bazaar, respond } = discoveryOf(paywalls);
  const handler = ((input: unknown, res?: unknown, next?: unknown): Promise<Response | undefined> => {
    // Express and plain node:http pass a `next` third; Hono passes its context and `next` second.
    if (typeof next === "function")
      return serveNode(input as IncomingMessage, res as ServerResponse, next as NextFunction, respond).then(
        () => undefined,
      );
    // A fetch handler has no error path of its own to hand a failure to: it is answered here.
    if (isRequest(input)) return respond(input).catch(internalError);
    const request = contextRequest(input);
    // Hono: a failure is thrown, for the app's `onError`.
    if (request) return respond(request);
    return Promise.reject(
      new TypeError(
        "x402Discovery: mount it as Express middleware (req, res, next), a Hono handler (c) or a fetch handler (request)",
      ),
    );
  }) as DiscoveryHandler;
  handler.manifest = manifest;
  handler.bazaar = bazaar;
  return handler;
}

/**
 * The listings of `paywalls` and `respond`, the answer to a discovery request: `GET`/`HEAD` get
 * the manifest or (under `/discovery/resources`) the Bazaar's listing, other methods a 405.
 * A listing that cannot be made (the gateway unreachable) rejects, for the host to handle.
 */
export function discoveryOf(
  paywalls: readonly DiscoverablePaywall[],
): DiscoveryListings & { respond(request: Request): Promise<Response> } {
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
  const respond = async (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD")
      return jsonError(405, "method_not_allowed", "Discovery answers GET and HEAD.", { allow: "GET, HEAD" });
    const url = new URL(request.url);
    const body = url.pathname.endsWith("/discovery/resources")
      ? await bazaar(url.origin)
      : await manifest(url.origin);
    return new Response(JSON.stringify(body), { status: 200, headers: JSON_HEADERS });
  };
  return { manifest, bazaar, respond };
}
