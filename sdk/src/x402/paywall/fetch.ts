/**
 * `@spay/sdk/x402/fetch` — the paywall around a fetch handler (`(request) => Response`): Workers,
 * Deno, Bun, Next.js route handlers, or anything with Web Requests.
 *
 * @example
 * export default { fetch: paywall({ price: "$0.001", apiKey })(() => Response.json({ sunny: true })) };
 */
import { createPaywall, type PaywallCore, type PaywallOptions } from "./core.js";

export * from "./shared-exports.js";

export type FetchHandler<A extends unknown[]> = (
  request: Request,
  ...rest: A
) => Response | Promise<Response>;

/** Wraps fetch handlers with the paywall: extra arguments (env, context) pass through. */
export type FetchPaywall = (<A extends unknown[]>(
  handler: FetchHandler<A>,
) => (request: Request, ...rest: A) => Promise<Response>) &
  Pick<PaywallCore, "describe">;

export function fetchWrapper(core: PaywallCore): FetchPaywall {
  const wrap: FetchPaywall =
    (handler) =>
    (request, ...rest) =>
      core.handle(request, async (r) => handler(r, ...rest));
  if (core.describe) wrap.describe = core.describe;
  return wrap;
}

/** A wrapper that sells what a fetch handler answers per request over x402. */
export function paywall(options: PaywallOptions): FetchPaywall {
  return fetchWrapper(createPaywall(options));
}
