/**
 * The same paid route with Hono: `paywall(...)` is Hono middleware too. Serve `app` with your
 * runtime's adapter (`@hono/node-server`, Bun, Deno, Workers).
 */
import { paywall } from "@spay/sdk/server";
import { Hono } from "hono";

export function createPaidApi(apiKey: string, gatewayUrl = "http://localhost:8787") {
  const app = new Hono();
  app.get("/free", (c) => c.json({ message: "This one is on the house." }));
  app.get(
    "/forecast",
    paywall({
      price: "$0.001",
      asset: ["usdc", "sbtc"],
      description: "Tomorrow's forecast",
      apiKey,
      gatewayUrl,
    }),
    (c) => c.json({ city: "Lisbon", tomorrow: "sunny", high_c: 27 }),
  );
  return app;
}
