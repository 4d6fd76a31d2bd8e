/**
 * A fetch handler (the shape Workers, Bun and Deno serve) selling GET /weather for $0.001 in USDC
 * with `@spay/sdk/x402/fetch`; in Node it is served by `@hono/node-server`.
 *
 *   SPAY_SECRET_KEY=sk_test_… SPAY_API_URL=… PORT=4021 npx tsx paywalls/fetch.ts
 */
import { serve } from "@hono/node-server";
import { paywall, x402Discovery } from "@spay/sdk/x402/fetch";

const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key");

const weather = paywall({
  price: "$0.001",
  asset: "usdc",
  description: "Weather now",
  apiKey,
  gatewayUrl: process.env.SPAY_API_URL,
  discovery: { path: "/weather" },
});
const paid = weather(() => Response.json({ sunny: true, served_by: "fetch" }));
const discovery = x402Discovery([weather]);

function handler(request: Request): Promise<Response> | Response {
  const { pathname } = new URL(request.url);
  if (pathname === "/weather") return paid(request);
  if (pathname === "/.well-known/x402") return discovery(request);
  return new Response("Not found", { status: 404 });
}

const port = Number(process.env.PORT ?? 4021);
serve({ fetch: handler, port, hostname: "127.0.0.1" }, () =>
  console.log(`listening on http://127.0.0.1:${port}`),
);
