import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { errorResponses, IdParam, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentIntentSchema, PaymentLinkSchema } from "../http/schemas.ts";
import { hostedPaymentIntent, hostedPaymentLink } from "../services/hosted-checkout.ts";

export function hostedCheckoutRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Hosted checkout"];

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/checkout/payment-links/{id}",
      tags,
      summary: "Public: a payment link with the publishable key its hosted page pays with",
      description: "404 `payment_link_not_found`, 410 `payment_link_expired`, 403 `payment_link_disabled`.",
      request: { params: IdParam },
      responses: {
        200: jsonResponse(
          z
            .object({
              object: z.literal("hosted_payment_link"),
              publishable_key: z.string(),
              payment_link: PaymentLinkSchema,
            })
            .openapi("HostedPaymentLink"),
          "Payment link",
        ),
        ...errorResponses(403, 404, 410),
      },
    }),
    async (c) => c.json(await hostedPaymentLink(deps, c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/checkout/payment-intents/{id}",
      tags,
      summary: "Public: a payment intent for its hosted checkout page (`checkout_url`, `spay_url`)",
      description:
        "Needs the intent's `client_secret` (the query of `checkout_url`); without it, or with another intent's, 404 `resource_missing` as for an unknown id.",
      request: {
        params: IdParam,
        query: z.object({
          client_secret: z
            .string()
            .max(200)
            .optional()
            .openapi({ description: "The intent's client secret" }),
        }),
      },
      responses: {
        200: jsonResponse(
          z
            .object({
              object: z.literal("hosted_payment_intent"),
              publishable_key: z.string(),
              merchant_name: z.string().nullable(),
              payment_intent: PaymentIntentSchema,
            })
            .openapi("HostedPaymentIntent"),
          "Payment intent",
        ),
        ...errorResponses(404),
      },
    }),
    async (c) =>
      c.json(
        await hostedPaymentIntent(deps, c.req.valid("param").id, c.req.valid("query").client_secret),
        200,
      ),
  );

  return app;
}
