/**
 * `@spay/sdk/x402/hono` — the paywall as Hono middleware.
 *
 * @example
 * app.get("/weather", paywall({ price: "$0.001", apiKey: process.env.SPAY_SECRET_KEY! }), (c) => c.json({ sunny: true }));
 */
import {
  type DiscoverablePaywall,
  type DiscoveryListings,
  x402Discovery as discoveryHandler,
} from "../discovery.js";
import { createPaywall, type PaywallCore, type PaywallOptions } from "./core.js";

export * from "./shared-exports.js";

/** Discovery as a Hono handler. */
export type HonoDiscovery = ((c: { req: { raw: Request } }) => Promise<Response>) & DiscoveryListings;

/**
 * The paywalls' routes for agents to find (see `x402Discovery` of `@spay/sdk/x402`), as a Hono
 * handler: a failed listing (the gateway unreachable) is thrown, for the app's `onError`.
 *
 * @example
 * const weather = paywall({ price: "$0.001", apiKey, discovery: { path: "/weather" } });
 * app.get("/weather", weather, (c) => c.json({ sunny: true }));
 * const discovery = x402Discovery([weather]);
 * app.get("/.well-known/x402", discovery);
 * app.get("/discovery/resources", discovery);
 */
export function x402Discovery(paywalls: readonly DiscoverablePaywall[]): HonoDiscovery {
  return discoveryHandler(paywalls);
}

/** The part of Hono's `Context` the paywall uses. */
export interface HonoContextLike {
  req: { raw: Request };
  res: Response;
}

export type HonoPaywall = ((c: HonoContextLike, next: () => Promise<void>) => Promise<Response | undefined>) &
  Pick<PaywallCore, "describe">;

/**
 * Gate → serve → settle, the handler's answer read from and written to `c.res`. A failure is
 * thrown: Hono hands what a middleware throws to the app's `onError`.
 */
export function honoMiddleware(core: PaywallCore): HonoPaywall {
  const middleware: HonoPaywall = async (c, next) => {
    let served = false;
    const response = await core.handle(c.req.raw, async () => {
      served = true;
      await next();
      return c.res;
    });
    if (!served) return response;
    c.res = undefined as unknown as Response; // drop the handler's headers: a 402 must not inherit them
    c.res = response;
    return undefined;
  };
  if (core.describe) middleware.describe = core.describe;
  return middleware;
}

/** Hono middleware selling the routes it guards per request over x402. */
export function paywall(options: PaywallOptions): HonoPaywall {
  return honoMiddleware(createPaywall(options));
}
