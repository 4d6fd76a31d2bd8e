/**
 * An Express 5 API selling GET /weather for $0.001 in USDC with `@spay/sdk/x402/express`, mounted
 * as the x402 docs page shows, discovery included.
 *
 *   SPAY_SECRET_KEY=sk_test_… SPAY_API_URL=… PORT=4021 npx tsx paywalls/express.ts
 */
import { paywall, x402Discovery } from "@spay/sdk/x402/express";
import express from "express";

const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key");

const app = express();
const weather = paywall({
  price: "$0.001",
  asset: "usdc",
  description: "Weather now",
  apiKey,
  gatewayUrl: process.env.SPAY_API_URL,
  discovery: { path: "/weather" },
});
app.get("/weather", weather, (_req, res) => {
  res.json({ sunny: true, served_by: "express" });
});
app.get("/.well-known/x402", x402Discovery([weather]));

const port = Number(process.env.PORT ?? 4021);
app.listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port}`));
