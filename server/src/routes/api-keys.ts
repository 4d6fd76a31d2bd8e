import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { bearerSecurity, errorResponses, IdParam, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { ApiKeySchema } from "../http/schemas.ts";
import { assertWorkspaceAccess, requirePrincipal, requireSession } from "../services/access.ts";
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

/** Key management is for signed-in members; a leaked key cannot mint more keys. */
export function apiKeyRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["API keys"];

  async function ownedKey(c: Parameters<typeof requireSession>[0], id: string) {
    const session = requireSession(c);
    const row = await keys.getApiKeyRow(deps, id);
    await assertWorkspaceAccess(deps, { kind: "session", ...session }, row.workspace_id).catch(() => {
      throw keys.keyNotFound(id);
    });
    return row;
  }

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/workspaces/{id}/api-keys",
      tags,
      summary: "Create an API key (a secret key is shown in full only in this response)",
      security: bearerSecurity,
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

  return app;
}
