/**
 * A paid API in plain Node: GET /forecast costs $0.001 per call, in USDC, sold over x402 with
 * sPay as the facilitator. `paywall(...)` is also Express middleware — this is the same call
 * shape, `(req, res, next)`. Without a payment the caller gets 402 and the requirements; with one,
 * the paywall verifies it, runs the handler, and settles only if the handler succeeded.
 *
 *   SPAY_SECRET_KEY=sk_test_… PORT=4021 npx tsx paid-api.ts
 */
import { createServer } from "node:http";
import { paywall } from "@spay/sdk/server";

const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key");

const forecastPaywall = paywall({
  price: "$0.001",
  asset: "usdc",
  description: "Tomorrow's forecast, $0.001 per call",
  apiKey,
  gatewayUrl: process.env.SPAY_API_URL ?? "http://localhost:8787",
});

const server = createServer((req, res) => {
  if (req.method !== "GET" || req.url !== "/forecast") return res.writeHead(404).end();
  void forecastPaywall(req, res, (err) => {
    if (err) return res.writeHead(500).end();
    // Only reached with a verified payment; it is settled after this answer succeeds.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ city: "Lisbon", tomorrow: "sunny", high_c: 27 }));
  });
});

server.listen(Number(process.env.PORT ?? 4021), "127.0.0.1", () =>
  console.log(`paid API listening on http://127.0.0.1:${process.env.PORT ?? 4021}/forecast`),
);
