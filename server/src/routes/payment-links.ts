import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, IdParam, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentLinkSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as links from "../services/payment-links.ts";

const PaymentLinkBody = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,100}$/)
      .optional(),
    merchant_id: z.string().max(100).nullable().optional(),
    product_id: z.string().max(100).nullable().optional(),
    product_data: z
      .record(z.string().max(100), z.unknown())
      .refine((d) => JSON.stringify(d).length <= 20_000, "product_data is too large"),
    merchant_wallet: z.string().max(100).nullable().optional(),
    active: z.boolean().optional().openapi({ description: "Default true for a new link; kept on update" }),
    expires_at: z.number().int().positive().nullable().optional(),
  })
  .openapi("PaymentLinkRequest");

export function paymentLinkRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Payment links"];

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/payment-links",
      tags,
      summary: "Create or update a payment link",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "catalogue.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(PaymentLinkBody) },
      responses: { 200: jsonResponse(PaymentLinkSchema, "Saved"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, {
        secretOnly: true,
        fallbackToFirstWorkspace: true,
      });
      return c.json(await links.upsertPaymentLink(deps, scope, c.req.valid("json")), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/payment-links/{id}",
      tags,
      summary: "Public: a payment link as the hosted page renders it",
      description: "404 `payment_link_not_found`, 410 `payment_link_expired`, 403 `payment_link_disabled`.",
      request: { params: IdParam },
      responses: { 200: jsonResponse(PaymentLinkSchema, "Payment link"), ...errorResponses(403, 404, 410) },
    }),
    async (c) => c.json(await links.publicPaymentLink(deps, deps.db, c.req.valid("param").id), 200),
  );

  return app;
}
