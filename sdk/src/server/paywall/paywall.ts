/**
 * `paywall` of `@spay/sdk/server`, as before: one value that is Hono middleware, Express
 * middleware, and has `.fetch`, `.handle` and `.gate` — the adapters of `@spay/sdk/x402/hono`,
 * `/express` and `/fetch` over the framework-free core, told apart by their arguments (Express
 * passes a `next` function third).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createPaywall,
  type PaywallCore,
  type PaywallGate,
  type PaywallOptions,
} from "../../x402/paywall/core.js";
import { expressMiddleware } from "../../x402/paywall/express.js";
import { type FetchPaywall, fetchWrapper } from "../../x402/paywall/fetch.js";
import { type HonoContextLike, honoMiddleware } from "../../x402/paywall/hono.js";

export type { PaywallGate, PaywallOptions } from "../../x402/paywall/core.js";
export type { HonoContextLike } from "../../x402/paywall/hono.js";

/** {@link paywall}'s result: Hono middleware, Express middleware, and a fetch-handler wrapper. */
export interface Paywall {
  /** Hono: `app.get("/paid", pw, handler)`. */
  (c: HonoContextLike, next: () => Promise<void>): Promise<Response | undefined>;
  /** Express: `app.get("/paid", pw, handler)`. */
  (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): Promise<void>;
  /** Wraps a `fetch`-style handler (`(request) => Response`). */
  fetch: FetchPaywall;
  /** Gate, serve with `serve`, settle: the paywall for any other framework. */
  handle(request: Request, serve: (request: Request) => Promise<Response>): Promise<Response>;
  /** The decision alone (402 to send, or a verified payment to settle after serving). */
  gate(request: Request): Promise<PaywallGate>;
  /** This endpoint for `x402Discovery` (`/.well-known/x402`). */
  describe?: PaywallCore["describe"];
}

/**
 * Sells an HTTP resource per request over x402 (see `createPaywall`), in whichever of Hono,
 * Express or a fetch handler calls it. Prefer the adapter of your framework
 * (`@spay/sdk/x402/hono`, `/express`, `/fetch`).
 */
export function paywall(options: PaywallOptions): Paywall {
  const core = createPaywall(options);
  const hono = honoMiddleware(core);
  const express = expressMiddleware(core);
  const middleware = ((a: HonoContextLike | IncomingMessage, b: unknown, c?: unknown) =>
    typeof c === "function"
      ? express(a as IncomingMessage, b as ServerResponse, c as (err?: unknown) => void)
      : hono(a as HonoContextLike, b as () => Promise<void>)) as Paywall;
  middleware.fetch = fetchWrapper(core);
  middleware.handle = core.handle;
  middleware.gate = core.gate;
  if (core.describe) middleware.describe = core.describe;
  return middleware;
}
