import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonResponse, listOf, PaginationQuery } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { AUDIT_ACTIONS } from "../services/audit-log.ts";
import { listAuditEntries } from "../services/audit-log-query.ts";

const AuditEntrySchema = z
  .object({
    id: z.string(),
    object: z.literal("audit_entry"),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({ type: z.enum(["user", "api_key", "system"]), id: z.string().nullable() }),
    workspace_id: z.string().nullable(),
    organization_id: z.string().nullable(),
    object_type: z.string().nullable(),
    object_id: z.string().nullable(),
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.number().int(),
  })
  .openapi("AuditEntry");

/** The security log of a workspace: members (session) and its secret keys read it; nobody writes it. */
export function auditLogRoutes(deps: Deps) {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/audit_log",
      tags: ["Audit log"],
      summary: "List security-relevant actions (sign-ins, keys, endpoints, deletions), newest first",
      description:
        "A session sees the workspace named by `X-Workspace-Id` plus its own account's entries; a secret key sees its workspace's entries, except those about the other environment's objects.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "audit_log.read", keys: "secret", target: "request" })],
      request: {
        query: PaginationQuery.extend({
          action: z.enum(AUDIT_ACTIONS).optional(),
          actor_id: z
            .string()
            .max(64)
            .optional()
            .openapi({ description: "Only what this user or API key did" }),
          from: z.coerce
            .number()
            .int()
            .min(0)
            .optional()
            .openapi({ description: "From this time (unix seconds)" }),
          to: z.coerce
            .number()
            .int()
            .min(0)
            .optional()
            .openapi({ description: "Until this time (unix seconds)" }),
        }),
      },
      responses: {
        200: jsonResponse(listOf(AuditEntrySchema, "AuditEntryList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      return c.json(await listAuditEntries(deps, scope, c.req.valid("query"), c.req.path), 200);
    },
  );

  return app;
}
