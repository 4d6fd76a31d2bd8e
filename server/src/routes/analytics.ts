import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { micros, PaymentIntentSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  analyticsOverview,
  exportPaymentsCsv,
} from "../services/analytics.ts";

const Range = z
  .enum(Object.keys(ANALYTICS_RANGES) as [AnalyticsRange, ...AnalyticsRange[]])
  .default("7d")
  .openapi({ description: "7d, 30d, 3m or 1y (whole UTC days)" });

const OverviewSchema = z
  .object({
    object: z.literal("analytics_overview"),
    range: Range,
    since: z.number().int(),
    until: z.number().int(),
    total_revenue_minor: z
      .number()
      .int()
      .openapi({ description: "Paid amounts net of refunds, whole cents (rounded down)" }),
    total_revenue_micros: micros("Paid amounts net of refunds"),
    transactions: z
      .number()
      .int()
      .openapi({ description: "Payments a customer sent money for: paid, under way or failed on chain" }),
    settled: z.number().int().openapi({ description: "Paid payments" }),
    failed: z.number().int().openapi({ description: "Payments whose transfer failed, not paid since" }),
    success_rate: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Rounded % of paid over paid + failed; null: none decided" }),
    active_customers: z
      .number()
      .int()
      .openapi({ description: "Distinct customer emails with a paid payment in the range" }),
    series: z.array(
      z.object({
        date: z.string(),
        revenue_minor: z.number().int(),
        revenue_micros: micros("Paid that day, net of refunds"),
        transactions: z.number().int(),
      }),
    ),
    recent_transactions: z.array(PaymentIntentSchema),
    recent_customers: z.array(
      z.object({
        email: z.string(),
        last_payment_at: z.number().int(),
        total_spent_minor: z.number().int(),
        total_spent_micros: micros("Paid, net of refunds"),
        payments: z.number().int(),
        settled_payments: z.number().int(),
      }),
    ),
  })
  .openapi("AnalyticsOverview");

export function analyticsRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Analytics"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/analytics/overview",
      tags,
      summary: "Dashboard figures for a range: revenue, transactions, success rate, customers, daily series",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: z.object({ range: Range }) },
      responses: { 200: jsonResponse(OverviewSchema, "Overview"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await analyticsOverview(deps, await scope(c), c.req.valid("query").range), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/analytics/export",
      tags,
      summary: "The range's payments as CSV (Export Data)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: z.object({ range: Range }) },
      responses: {
        200: { description: "text/csv", content: { "text/csv": { schema: z.string() } } },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const { range } = c.req.valid("query");
      const csv = await exportPaymentsCsv(deps, await scope(c), range);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="spay-payments-${range}.csv"`,
      });
    },
  );

  return app;
}
