import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, IdParam, jsonResponse, objectRoute } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentIntentWebhookDeliveriesSchema, WebhookEndpointAttemptsSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { endpointAttempts, paymentIntentDeliveries } from "../services/webhooks/deliveries.ts";

export function webhookDeliveryRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Webhooks"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    objectRoute(
      {
        method: "get",
        path: "/v1/payment_intents/{id}/webhook_deliveries",
        tags,
        summary: "The webhook events a payment intent emitted, with their deliveries and attempts",
        middleware: guard(deps, {
          permission: "developers.read",
          keys: "secret",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      },
      PaymentIntentWebhookDeliveriesSchema,
      "Events with deliveries",
    ),
    async (c) => {
      const events = await paymentIntentDeliveries(deps, await scope(c), c.req.valid("param").id);
      return c.json({ object: "list" as const, data: events, has_more: false }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/webhook_endpoints/{id}/attempts",
      tags,
      summary: "An endpoint's delivery log: its latest attempts (status, latency, response), newest first",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "developers.read",
          keys: "secret",
          target: { table: "webhook_endpoints", name: "webhook endpoint" },
        }),
      ],
      request: {
        params: IdParam,
        query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
      },
      responses: {
        200: jsonResponse(WebhookEndpointAttemptsSchema, "Attempts"),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const { limit } = c.req.valid("query");
      const rows = await endpointAttempts(deps, await scope(c), c.req.valid("param").id, limit);
      return c.json({ object: "list" as const, data: rows, has_more: rows.length === limit }, 200);
    },
  );

  return app;
}
