/**
 * A paid API in a few lines: `/free` is free, `/joke` costs $0.001 in USDC per call, sold over
 * x402 with sPay as the facilitator (the secret key lets the paywall ask the gateway for fresh
 * requirements, verify a payment and settle it once).
 *
 *   SPAY_SECRET_KEY=sk_test_… SPAY_GATEWAY_URL=http://localhost:8787 PORT=4021 pnpm api
 */
import { serve } from "@hono/node-server";
import { paywall } from "@spay/sdk/x402/hono";
import { Hono } from "hono";

const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key (sk_test_…)");

const JOKES = [
  "A satoshi walks into a bar. The bartender says: we don't serve fractions here. It says: I'm the smallest unit, not a fraction.",
  "Why did the agent pay a tenth of a cent? Because the API was priced per request, not per subscription.",
  "My node said the block was final. Then it said it again, with more confirmations.",
];

export const app = new Hono();

app.get("/free", (c) => c.json({ message: "This one is on the house." }));

app.get(
  "/joke",
  paywall({
    price: "$0.001",
    asset: "usdc",
    description: "A joke about Bitcoin, $0.001 per call",
    apiKey,
    gatewayUrl: process.env.SPAY_GATEWAY_URL ?? "http://localhost:8787",
  }),
  (c) => c.json({ joke: JOKES[Math.floor(Math.random() * JOKES.length)] }),
);

const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 4021), hostname: "127.0.0.1" },
  (info) => {
    console.log(`x402 example API on http://127.0.0.1:${info.port} (GET /free, GET /joke for $0.001 USDC)`);
  },
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
