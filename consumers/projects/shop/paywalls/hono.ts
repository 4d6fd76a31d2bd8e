/**
 * A Hono API selling GET /weather for $0.001 in USDC with `@spay/sdk/x402/hono`, served in Node by
 * `@hono/node-server`, discovery included.
 *
 *   SPAY_SECRET_KEY=sk_test_… SPAY_API_URL=… PORT=4021 npx tsx paywalls/hono.ts
 */
import { serve } from "@hono/node-server";
import { paywall, x402Discovery } from "@spay/sdk/x402/hono";
import { Hono } from "hono";

const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key");

const app = new Hono();
const weather = paywall({
  price: "$0.001",
  asset: "usdc",
  description: "Weather now",
  apiKey,
  gatewayUrl: process.env.SPAY_API_URL,
  discovery: { path: "/weather" },
});
app.get("/weather", weather, (c) => c.json({ sunny: true, served_by: "hono" }));
app.get("/.well-known/x402", x402Discovery([weather]));

const port = Number(process.env.PORT ?? 4021);
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () =>
  console.log(`listening on http://127.0.0.1:${port}`),
);
