import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, IdParam, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { MerchantSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import * as merchants from "../services/merchants.ts";

const CreateForUserBody = z
  .strictObject({
    user_id: z.string().min(1).max(100),
    email: z.string().max(254).optional(),
    name: z.string().trim().max(100).optional(),
  })
  .openapi("CreateMerchantForUserRequest");
const DeleteAccountBody = z
  .strictObject({ email: z.string().max(254).optional(), id: z.string().max(100).optional() })
  .openapi("DeleteAccountRequest");

export function merchantRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Merchants"];

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/merchants/{id}",
      tags,
      summary: "Retrieve the signed-in user's merchant record",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { params: IdParam },
      responses: { 200: jsonResponse(MerchantSchema, "Merchant"), ...errorResponses(401, 404) },
    }),
    async (c) =>
      c.json(await merchants.getMerchant(deps, requireSession(c).userId, c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/merchants/create-for-user",
      tags,
      summary: "Create (or return) the merchant record of the signed-in user",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { body: jsonBody(CreateForUserBody) },
      responses: {
        200: jsonResponse(z.object({ merchant_id: z.string(), merchant: MerchantSchema }), "Merchant"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const merchant = await merchants.createMerchantForUser(
        deps,
        requireSession(c).userId,
        c.req.valid("json"),
      );
      return c.json({ merchant_id: merchant.id, merchant }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/merchants/delete",
      tags,
      summary: "Delete the signed-in account and all of its data",
      description: "Send `{email}` or `{id}` (merchant or user id) of the signed-in account.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account", stepUp: true })],
      request: { body: jsonBody(DeleteAccountBody) },
      responses: {
        200: jsonResponse(z.object({ deleted: z.literal(true), message: z.string() }), "Deleted"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      await merchants.deleteAccount(deps, requireSession(c).userId, c.req.valid("json"), {
        ip: c.get("clientIp"),
      });
      return c.json({ deleted: true as const, message: "Account and all its data were deleted" }, 200);
    },
  );

  return app;
}
