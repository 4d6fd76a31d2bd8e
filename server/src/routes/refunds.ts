import { createRoute, z } from "@hono/zod-openapi";
import { REFUND_REASONS } from "@spay/protocol";
import { MAX_AMOUNT_MINOR } from "../domain/money.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  listOf,
  noParametersBody,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { RefundSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as refunds from "../services/refunds.ts";

/** Atomic units of the asset: a positive integer, as a JSON integer or a decimal string (sats exceed 2^53 in total supply). */
const AtomicAmount = z
  .union([z.string().regex(/^[1-9][0-9]{0,30}$/, "a positive integer"), z.number().int().positive()])
  .transform((v) => BigInt(v))
  .openapi({
    type: "string",
    description:
      "Atomic units of the payment's asset (sats for sBTC), at most what remains refundable; default all of it",
    example: "25000",
  });

const CreateRefundBody = z
  .strictObject({
    payment_intent: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "The settled payment to refund (`pi_…`)" }),
    amount: AtomicAmount.optional(),
    amount_minor: z.number().int().positive().max(MAX_AMOUNT_MINOR).optional().openapi({
      description:
        "Or the dollars to return, in cents (not with `amount`): that share of the payment's asset amount, rounded up",
      example: 500,
    }),
    reason: z.enum(REFUND_REASONS),
    metadata: z
      .record(z.string().min(1).max(40), z.string().max(500))
      .refine((m) => Object.keys(m).length <= 50, "at most 50 keys")
      .optional(),
  })
  .openapi("CreateRefundRequest");

const ListQuery = PaginationQuery.extend({
  payment_intent: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Only the refunds of this payment intent" }),
});

/**
 * Refunds: secret key or session, in the caller's workspace and environment; another
 * tenant's or environment's payment or refund answers 404.
 */
export function refundRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Refunds"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/refunds",
      tags,
      summary: "Refund a settled payment, in full or in part (secret key; send an Idempotency-Key)",
      description:
        "sPay never holds funds: the refund is created `pending` and the merchant pays it from the payout address (`source`) with a transfer of exactly `amount` of the payment's token to the address that paid (`destination`, the settling transfer's sender as the chain showed it) whose memo is the refund id. The watcher counts that transfer once and the refund becomes `succeeded` (webhook `refund.succeeded`); the payment intent then shows `amount_refunded` and the status `partially_refunded` or `refunded`. A transfer with another amount or memo is not counted. The amount may not exceed what the payment received less the refunds pending or succeeded (`refund_exceeds_refundable`).",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "refunds.write", keys: "secret", target: "request" })],
      request: {
        headers: z.object({ "idempotency-key": z.string().max(255).optional() }),
        body: jsonBody(CreateRefundBody),
      },
      responses: {
        201: jsonResponse(RefundSchema, "Created"),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const s = await scope(c);
      const created = await refunds.createRefund(deps, s, c.req.valid("json"), c.get("clientIp") ?? null);
      return c.json(created, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/refunds",
      tags,
      summary: "List refunds, newest first (secret key or session)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: ListQuery },
      responses: {
        200: jsonResponse(listOf(RefundSchema, "RefundList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const page = await refunds.listRefunds(deps, await scope(c), c.req.valid("query"), c.req.path);
      return c.json(page, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/refunds/{id}",
      tags,
      summary: "Retrieve a refund (secret key or session)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "secret",
          target: { table: "refunds", name: "refund" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(RefundSchema, "Refund"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await refunds.getRefund(deps, await scope(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/refunds/{id}/cancel",
      tags,
      summary: "Cancel a pending refund the merchant will not pay (it fails; its amount is refundable again)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "refunds.write",
          keys: "secret",
          target: { table: "refunds", name: "refund" },
        }),
      ],
      request: { params: IdParam, body: noParametersBody },
      responses: { 200: jsonResponse(RefundSchema, "Canceled"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await refunds.cancelRefund(deps, await scope(c), c.req.valid("param").id, c.get("clientIp") ?? null),
        200,
      ),
  );

  return app;
}
