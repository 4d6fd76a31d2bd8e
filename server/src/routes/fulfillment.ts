import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, IdParam, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentIntentSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { SETTABLE_FULFILLMENT_STATUSES, setFulfillmentStatus } from "../services/fulfillment.ts";

const FulfillmentBody = z
  .strictObject({ fulfillment_status: z.enum(SETTABLE_FULFILLMENT_STATUSES) })
  .openapi("SetFulfillmentRequest");

export function fulfillmentRoutes(deps: Deps) {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/payment_intents/{id}/fulfillment",
      tags: ["Payment intents"],
      summary: "Set the fulfillment status of a settled payment (secret key or session)",
      description:
        "`processing`, `shipped`, `delivered` or `completed`; the change is written to the payment's event timeline. A payment that is not settled answers 409 `payment_intent_unexpected_state`.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.write",
          keys: "secret",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, body: jsonBody(FulfillmentBody) },
      responses: { 200: jsonResponse(PaymentIntentSchema, "Updated"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const { fulfillment_status } = c.req.valid("json");
      return c.json(
        await setFulfillmentStatus(deps, scope, c.req.valid("param").id, fulfillment_status),
        200,
      );
    },
  );

  return app;
}
