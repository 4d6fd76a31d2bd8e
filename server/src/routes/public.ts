import { createRoute, z } from "@hono/zod-openapi";
import { CHAINS } from "@spay/protocol";
import type { Deps } from "../http/context.ts";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { chainsByEnv } from "../services/settlement/chains.ts";
import { countTestPayments, signUpForUpdates } from "../services/stats.ts";

const FxSchema = z
  .object({
    usdPerBtc: z.number(),
    source: z.enum(["live", "fixed", "fallback"]),
    fetched_at: z.number().int(),
  })
  .openapi("FxRate");
const StatsSchema = z
  .object({ test_payments: z.number().int(), days: z.number().int(), since: z.number().int() })
  .openapi("PaymentStats");
const ChainsSchema = z
  .object({
    test: z.enum(CHAINS).openapi({
      description:
        "Where payments made with test keys settle: `devnet` (the gateway's own chain) or `testnet`",
    }),
    live: z.enum(CHAINS).openapi({ description: "Where payments made with live keys settle: `mainnet`" }),
  })
  .openapi("Chains");
const SignupBody = z
  .strictObject({
    email: z.string().trim().max(254).pipe(z.email()),
    source: z.string().max(50).default("landing_page"),
  })
  .openapi("EmailSignupRequest");
const SignupSchema = z
  .object({ id: z.string(), email: z.string(), source: z.string(), created_at: z.number().int() })
  .openapi("EmailSignup");

/** Unauthenticated calls of the landing page and checkout. */
export function publicRoutes(deps: Deps) {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: "get",
      path: "/fx",
      tags: ["Public"],
      summary: "BTC/USD rate used to price sBTC (cached; 110000 when the source fails)",
      responses: { 200: jsonResponse(FxSchema, "Rate"), ...errorResponses() },
    }),
    async (c) => c.json(await deps.fx.current(), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/stats/payments",
      tags: ["Public"],
      summary: "Count of sandbox payment intents in the last N days (landing page counter)",
      request: { query: z.object({ days: z.coerce.number().int().min(1).max(365).default(7) }) },
      responses: { 200: jsonResponse(StatsSchema, "Count"), ...errorResponses() },
    }),
    async (c) => c.json(await countTestPayments(deps, c.req.valid("query").days), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/chains",
      tags: ["Public"],
      summary:
        "The chain each key environment settles on (which block explorer, if any, shows its transactions)",
      responses: { 200: jsonResponse(ChainsSchema, "Chains"), ...errorResponses() },
    }),
    (c) => c.json(chainsByEnv(deps.config), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/email-signups",
      tags: ["Public"],
      summary: "Newsletter signup",
      request: { body: jsonBody(SignupBody) },
      responses: { 201: jsonResponse(SignupSchema, "Signed up"), ...errorResponses(409) },
    }),
    async (c) => c.json(await signUpForUpdates(deps, c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/health",
      tags: ["Public"],
      summary: "Liveness and database reachability",
      responses: {
        200: jsonResponse(z.object({ ok: z.literal(true), database: z.string() }), "Healthy"),
        ...errorResponses(503),
      },
    }),
    async (c) => {
      await deps.db.selectFrom("users").select("id").limit(1).execute();
      return c.json({ ok: true as const, database: "up" }, 200);
    },
  );

  return app;
}
