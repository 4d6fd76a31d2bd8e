/**
 * `@spay/sdk/x402/hono` — the paywall as Hono middleware.
 *
 * @example
 * app.get("/weather", paywall({ price: "$0.001", apiKey: process.env.SPAY_SECRET_KEY! }), (c) => c.json({ sunny: true }));
 */
import { createPaywall, type PaywallCore, type PaywallOptions } from "./core.js";

export * from "./shared-exports.js";

/** The part of Hono's `Context` the paywall uses. */
export interface HonoContextLike {
  req: { raw: Request };
  res: Response;
}

export type HonoPaywall = ((c: HonoContextLike, next: () => Promise<void>) => Promise<Response | undefined>) &
  Pick<PaywallCore, "describe">;

/** Gate → serve → settle, the handler's answer read from and written to `c.res`. */
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
