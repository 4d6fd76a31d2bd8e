/**
 * `@spay/sdk/x402/fetch` — the paywall around a fetch handler (`(request) => Response`): Workers,
 * Deno, Bun, Next.js route handlers, or anything with Web Requests.
 *
 * @example
 * export default { fetch: paywall({ price: "$0.001", apiKey })(() => Response.json({ sunny: true })) };
 */
import {
  type DiscoverablePaywall,
  type DiscoveryListings,
  x402Discovery as discoveryHandler,
} from "../discovery.js";
import { createPaywall, type PaywallCore, type PaywallOptions } from "./core.js";
import { internalError } from "./host.js";

export * from "./shared-exports.js";

/** Discovery as a fetch handler. */
export type FetchDiscovery = ((request: Request) => Promise<Response>) & DiscoveryListings;

/**
 * The paywalls' routes for agents to find (see `x402Discovery` of `@spay/sdk/x402`), as a fetch
 * handler: a failed listing (the gateway unreachable) is logged and answered with a JSON 500.
 *
 * @example
 * const discovery = x402Discovery([weather]);
 * export default { fetch: (request) => new URL(request.url).pathname === "/.well-known/x402" ? discovery(request) : paid(request) };
 */
export function x402Discovery(paywalls: readonly DiscoverablePaywall[]): FetchDiscovery {
  const handler = discoveryHandler(paywalls);
  // The request alone is passed on: a runtime's extra arguments (env, context) are not Express's.
  const fetchHandler = ((request: Request) => handler(request)) as FetchDiscovery;
  fetchHandler.manifest = handler.manifest;
  fetchHandler.bazaar = handler.bazaar;
  return fetchHandler;
}

export type FetchHandler<A extends unknown[]> = (
  request: Request,
  ...rest: A
) => Response | Promise<Response>;

/** Wraps fetch handlers with the paywall: extra arguments (env, context) pass through. */
export type FetchPaywall = (<A extends unknown[]>(
  handler: FetchHandler<A>,
) => (request: Request, ...rest: A) => Promise<Response>) &
  Pick<PaywallCore, "describe">;

/**
 * The wrapped handler never rejects: a failure (the handler threw — it is not charged — or the
 * payment identifier store is down) is logged and answered with a JSON 500, as a runtime serving
 * fetch handlers on Node may not catch it.
 */
export function fetchWrapper(core: PaywallCore): FetchPaywall {
  const wrap: FetchPaywall =
    (handler) =>
    (request, ...rest) =>
      core.handle(request, async (r) => handler(r, ...rest)).catch(internalError);
  if (core.describe) wrap.describe = core.describe;
  return wrap;
}

/** A wrapper that sells what a fetch handler answers per request over x402. */
export function paywall(options: PaywallOptions): FetchPaywall {
  return fetchWrapper(createPaywall(options));
}
