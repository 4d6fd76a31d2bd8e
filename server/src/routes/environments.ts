import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  DeletedSchema,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { EnvironmentSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as environments from "../services/environments.ts";

// Names are checked by the service so that SPEC.md's `bad_request` code and text come back.
const CreateEnvironmentBody = z
  .strictObject({
    name: z.string().max(200),
    type: z.enum(environments.ENVIRONMENT_TYPES).default("sandbox"),
  })
  .openapi("CreateEnvironmentRequest");
const UpdateEnvironmentBody = z
  .strictObject({
    name: z.string().max(200).optional(),
    confirmations_required: z.number().int().min(1).max(100).optional(),
  })
  .openapi("UpdateEnvironmentRequest");

const headers = z.object({
  "x-merchant-principal": z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "The merchant's Stacks address (legacy header)" }),
  "x-workspace-id": z.string().max(100).optional(),
});

/**
 * Environments of the caller's workspace. Without credentials the answer is SPEC.md's
 * `merchant_principal_required`; with a session, X-Workspace-Id (or the workspace whose payout
 * wallet is X-Merchant-Principal) selects the workspace.
 */
async function scopeFor(c: Context<AppEnv>, deps: Deps, write: boolean) {
  if (!c.get("principal")) throw new ApiError("merchant_principal_required");
  const principal = c.get("principal");
  const merchantPrincipal = c.req.header("x-merchant-principal")?.trim();
  let workspaceId: string | undefined;
  if (principal?.kind === "session" && merchantPrincipal) {
    const ws = await deps.db
      .selectFrom("workspace_wallets as ww")
      .innerJoin("workspaces as w", "w.id", "ww.workspace_id")
      .innerJoin("organization_members as m", "m.organization_id", "w.organization_id")
      .select("w.id")
      .where("ww.stacks_address", "=", merchantPrincipal)
      .where("m.user_id", "=", principal.userId)
      .orderBy("w.seq")
      .limit(1)
      .executeTakeFirst();
    // A principal that is none of the caller's payout wallets must not fall back to another workspace.
    if (!ws && !c.req.header("x-workspace-id")) {
      throw new ApiError("resource_missing", {
        message: `No workspace of yours has the payout wallet '${merchantPrincipal}'`,
        param: "X-Merchant-Principal",
      });
    }
    workspaceId = ws?.id;
  }
  return resolveWorkspaceScope(c, deps, { secretOnly: write, fallbackToFirstWorkspace: true, workspaceId });
}

export function environmentRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Environments"];
  const listSchema = z.object({
    object: z.literal("list"),
    data: z.array(EnvironmentSchema),
    environments: z.array(EnvironmentSchema),
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/environments",
      tags,
      summary: "List the workspace's environments",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "workspace.read",
          keys: "any",
          target: "request",
          anonymous: "merchant_principal_required",
        }),
      ],
      request: { headers },
      responses: { 200: jsonResponse(listSchema, "List"), ...errorResponses(401) },
    }),
    async (c) => {
      const scope = await scopeFor(c, deps, false);
      const list = await environments.listEnvironments(deps, scope.workspaceId);
      return c.json({ object: "list" as const, data: list, environments: list }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/environments",
      tags,
      summary: "Create an environment (name: letters, digits, - and _, ≤ 50)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "settings.write",
          keys: "secret",
          target: "request",
          anonymous: "merchant_principal_required",
        }),
      ],
      request: { headers, body: jsonBody(CreateEnvironmentBody) },
      responses: { 201: jsonResponse(EnvironmentSchema, "Created"), ...errorResponses(401, 409) },
    }),
    async (c) => {
      const scope = await scopeFor(c, deps, true);
      return c.json(await environments.createEnvironment(deps, scope, c.req.valid("json")), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/api/environments/{id}",
      tags,
      summary: "Rename an environment or set the confirmations its payments need",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "settings.write",
          keys: "secret",
          target: { table: "environments", name: "environment", missing: "environment_not_found" },
          anonymous: "merchant_principal_required",
        }),
      ],
      request: { headers, params: IdParam, body: jsonBody(UpdateEnvironmentBody) },
      responses: { 200: jsonResponse(EnvironmentSchema, "Renamed"), ...errorResponses(401, 404, 409) },
    }),
    async (c) => {
      const scope = await scopeFor(c, deps, true);
      return c.json(
        await environments.updateEnvironment(deps, scope, c.req.valid("param").id, c.req.valid("json")),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/environments/{id}",
      tags,
      summary: "Delete an environment and all its data (never the last one)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "settings.write",
          keys: "secret",
          target: { table: "environments", name: "environment", missing: "environment_not_found" },
          anonymous: "merchant_principal_required",
        }),
      ],
      request: { headers, params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Deleted"), ...errorResponses(401, 404, 409) },
    }),
    async (c) => {
      const scope = await scopeFor(c, deps, true);
      const { id } = c.req.valid("param");
      await environments.deleteEnvironment(deps, scope, id, c.get("clientIp"));
      return c.json({ id, object: "environment", deleted: true as const }, 200);
    },
  );

  return app;
}
