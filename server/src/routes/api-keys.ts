import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, IdParam, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { ApiKeySchema } from "../http/schemas.ts";
import { assertWorkspaceAccess, ownsRow, requirePrincipal, requireSession } from "../services/access.ts";
import * as keys from "../services/api-keys.ts";

/** `type` accepts SPEC.md's `pk`/`sk` and the long names. */
const KeyType = z
  .enum(["pk", "sk", "publishable", "secret"])
  .transform((t) => (t === "pk" || t === "publishable" ? ("publishable" as const) : ("secret" as const)));
const Scopes = z.array(z.enum(keys.KEY_SCOPES)).min(1).max(2);

const CreateKeyBody = z
  .strictObject({
    type: KeyType,
    name: z.string().trim().max(100).optional(),
    env: z.enum(["test", "live"]).default("test"),
    scopes: Scopes.optional(),
  })
  .openapi("CreateApiKeyRequest");
const UpdateKeyBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    state: z.enum(["enabled", "disabled"]).optional(),
    scopes: Scopes.optional(),
  })
  .openapi("UpdateApiKeyRequest");
const RollKeyBody = z
  .strictObject({
    expires_in_seconds: z
      .union([
        z.literal(0),
        z.literal(3600),
        z.literal(86_400),
        z.literal(259_200),
        z.literal(604_800),
      ] satisfies z.ZodLiteral<keys.RollOverlap>[])
      .openapi({
        description:
          "How long the old key keeps working beside the new one, in seconds: 0 (revoked at once), " +
          "3600 (1 hour), 86400 (24 hours), 259200 (3 days) or 604800 (7 days)",
        example: 86_400,
      }),
  })
  .openapi("RollApiKeyRequest");

/** Key management is for signed-in members; a leaked key cannot mint more keys. */
export function apiKeyRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["API keys"];

  /**
   * The key, if the signed-in member's workspace holds it — and, when the request names a workspace
   * or environment (X-Workspace-Id, X-Environment-Id), only if it belongs to them: 404 otherwise,
   * exactly like an unknown id.
   */
  async function ownedKey(c: Parameters<typeof requireSession>[0], id: string) {
    const session = requireSession(c);
    const row = await keys.getApiKeyRow(deps, id);
    await assertWorkspaceAccess(deps, { kind: "session", ...session }, row.workspace_id).catch(() => {
      throw keys.keyNotFound(id);
    });
    const workspaceId = c.req.header("x-workspace-id")?.trim() || row.workspace_id;
    const environmentId = c.req.header("x-environment-id")?.trim() || null;
    if (!ownsRow({ workspaceId, environmentId, env: null, principal: requirePrincipal(c) }, row))
      throw keys.keyNotFound(id);
    return row;
  }

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/workspaces/{id}/api-keys",
      tags,
      summary: "Create an API key (a secret key is shown in full only in this response)",
      security: bearerSecurity,
      middleware: [
        guard(deps, { permission: "api_keys.write", keys: "none", target: "workspace", stepUp: true }),
      ],
      request: { params: IdParam, body: jsonBody(CreateKeyBody) },
      responses: { 201: jsonResponse(ApiKeySchema, "Created"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      requireSession(c);
      const principal = requirePrincipal(c);
      await assertWorkspaceAccess(deps, principal, id);
      const origin = { actor: principal, ip: c.get("clientIp") };
      return c.json(await keys.issueApiKey(deps, id, c.req.valid("json"), origin), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/workspaces/{id}/api-keys",
      tags,
      summary: "List a workspace's API keys (secret keys masked to their prefix)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "developers.read", keys: "none", target: "workspace" })],
      request: { params: IdParam },
      responses: {
        200: jsonResponse(
          z.object({
            object: z.literal("list"),
            data: z.array(ApiKeySchema),
            api_keys: z.array(ApiKeySchema),
          }),
          "List",
        ),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      requireSession(c);
      await assertWorkspaceAccess(deps, requirePrincipal(c), id);
      const list = await keys.listApiKeys(deps, id);
      return c.json({ object: "list" as const, data: list, api_keys: list }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/api-keys/{id}",
      tags,
      summary: "Rename, enable/disable or re-scope a key (a revoked key stays revoked)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "api_keys.write",
          keys: "none",
          target: { table: "api_keys", name: "API key" },
        }),
      ],
      request: { params: IdParam, body: jsonBody(UpdateKeyBody) },
      responses: { 200: jsonResponse(ApiKeySchema, "Updated"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await ownedKey(c, id);
      return c.json(await keys.updateApiKey(deps, id, c.req.valid("json")), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/api-keys/{id}",
      tags,
      summary: "Revoke a key; it fails on its next request",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "api_keys.write",
          keys: "none",
          target: { table: "api_keys", name: "API key" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(ApiKeySchema, "Revoked"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await ownedKey(c, id);
      return c.json(
        await keys.revokeApiKey(deps, id, { actor: requirePrincipal(c), ip: c.get("clientIp") }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/api-keys/{id}/roll",
      tags,
      summary: "Roll a key: a new key replaces it, the old one is refused after the chosen overlap",
      description:
        "Creates a key of the same type, environment, name and scopes (its full value is shown in " +
        "this response only) and sets the old key's `expires_at`. Allowed overlaps " +
        "(`expires_in_seconds`): 0 revokes the old key at once; 3600 (1 hour), 86400 (24 hours), " +
        "259200 (3 days) or 604800 (7 days) keep it working that long, then it is refused as if " +
        "revoked. A revoked key, or one already rolled, cannot be rolled (409). Send an " +
        "Idempotency-Key to retry safely.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "api_keys.write",
          keys: "none",
          target: { table: "api_keys", name: "API key" },
          stepUp: true,
        }),
      ],
      request: {
        params: IdParam,
        headers: z.object({ "idempotency-key": z.string().max(255).optional() }),
        body: jsonBody(RollKeyBody),
      },
      responses: {
        201: jsonResponse(ApiKeySchema, "The new key, shown in full once"),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await ownedKey(c, id);
      const { expires_in_seconds } = c.req.valid("json");
      const origin = { actor: requirePrincipal(c), ip: c.get("clientIp") };
      return c.json(await keys.rollApiKey(deps, id, expires_in_seconds, origin), 201);
    },
  );

  return app;
}
