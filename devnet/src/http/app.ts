import { Hono } from "hono";
import { cors } from "hono/cors";
import type { HttpDeps } from "./deps.ts";
import { blockRoutes } from "./routes-blocks.ts";
import { coreRoutes } from "./routes-core.ts";
import { devnetRoutes } from "./routes-devnet.ts";
import { extendedRoutes } from "./routes-extended.ts";
import { faucetRoutes } from "./routes-faucet.ts";

/** The devnet's HTTP API: Hiro's paths and shapes, plus /devnet/*. CORS is open (it is a dev chain). */
export function createApp(deps: HttpDeps): Hono {
  const app = new Hono();
  app.use("*", cors());
  app.route("/", coreRoutes(deps));
  app.route("/", extendedRoutes(deps));
  app.route("/", blockRoutes(deps));
  app.route("/", faucetRoutes(deps));
  app.route("/", devnetRoutes(deps));
  app.notFound((c) => c.json({ error: `no route ${c.req.method} ${c.req.path} on the sPay devnet` }, 404));
  app.onError((error, c) => c.json({ error: "internal error", message: error.message }, 500));
  return app;
}
