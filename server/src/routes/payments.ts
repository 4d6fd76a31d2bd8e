import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonResponse, listOf, PaginationQuery } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentIntentSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { countPaymentsByFilter, listPaymentsByFilter, PAYMENT_FILTERS } from "../services/payment-filters.ts";

const Filter = z
  .enum(PAYMENT_FILTERS)
  .default("all")
  .openapi({ description: "SPEC.md §4 filters: all, paid, pending, fulfillment, failed" });

export function paymentRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Payment intents"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payments",
      tags,
      summary: "The Payments screen's list: payment intents by filter, newest first, cursor paged",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: PaginationQuery.extend({ filter: Filter }) },
      responses: {
        200: jsonResponse(listOf(PaymentIntentSchema, "PaymentList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json(await listPaymentsByFilter(deps, await scope(c), c.req.valid("query"), c.req.path), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payments/counts",
      tags,
      summary: "How many payments each filter chip holds",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      responses: {
        200: jsonResponse(
          z
            .object(Object.fromEntries(PAYMENT_FILTERS.map((f) => [f, z.number().int()])))
            .openapi("PaymentCounts"),
          "Counts",
        ),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await countPaymentsByFilter(deps, await scope(c)), 200),
  );

  return app;
}
