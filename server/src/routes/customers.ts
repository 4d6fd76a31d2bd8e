import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { CustomerSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { getCustomer, listCustomers } from "../services/customers.ts";

const ListQuery = PaginationQuery.extend({
  search: z
    .string()
    .max(254)
    .optional()
    .openapi({ description: "Only customers whose email contains this text (case-insensitive)" }),
});

/**
 * Customers: created when a payment carrying the payer's email settles; secret key or
 * session, in the caller's workspace and environment.
 */
export function customerRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Customers"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers",
      tags,
      summary: "List customers, newest first (secret key or session)",
      description:
        "A customer is a payer's email in one environment, with the address it last paid from, its lifetime value (cents of settled payments less refunds) and its payment and refund counts.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: ListQuery },
      responses: {
        200: jsonResponse(listOf(CustomerSchema, "CustomerList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await listCustomers(deps, await scope(c), c.req.valid("query"), c.req.path), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}",
      tags,
      summary: "Retrieve a customer (secret key or session)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "secret",
          target: { table: "customers", name: "customer" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(CustomerSchema, "Customer"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getCustomer(deps, await scope(c), c.req.valid("param").id), 200),
  );

  return app;
}
