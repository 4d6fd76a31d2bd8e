/**
 * The sPay side most client pairings meet: a Hono API selling `GET /weather` for $0.001 in USDC
 * and `GET /weather-in-stx` for $0.001 in STX through sPay's paywall, settled by the stack's gateway,
 * and `GET /weather-v1`, in USDC from a paywall answering in x402 v1 only.
 */
import { serve } from "@hono/node-server";
import { paywall } from "@spay/sdk/x402/hono";
import { Hono } from "hono";
import { type InteropStack, onLoopback } from "./stack.ts";

export interface PaywalledApi {
  url: string;
  /** How many times `/weather`'s handler ran (once per paid, settled request). */
  served(): number;
  close(): Promise<void>;
}

export async function startPaywalledApi(stack: InteropStack): Promise<PaywalledApi> {
  let served = 0;
  const sell = (asset: "usdc" | "stx", description: string, x402Versions?: (1 | 2)[]) =>
    paywall({
      price: "$0.001",
      asset,
      description,
      apiKey: stack.merchant.sk,
      gatewayUrl: stack.gatewayUrl,
      ...(x402Versions ? { x402Versions } : {}),
    });
  const app = new Hono();
  app.get("/weather", sell("usdc", "Weather now"), (c) => {
    served += 1;
    return c.json({ sunny: true });
  });
  app.get("/weather-in-stx", sell("stx", "Weather now, in STX"), (c) =>
    c.json({ sunny: true, paidIn: "STX" }),
  );
  app.get("/weather-v1", sell("usdc", "Weather now, over x402 v1", [1]), (c) =>
    c.json({ sunny: true, version: 1 }),
  );
  const api = await onLoopback(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }));
  return { url: api.url, served: () => served, close: api.close };
}
