import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { requireSession } from "../services/access.ts";
import { DEFAULT_PREFERENCES, preferencesOf, updatePreferences } from "../services/preferences.ts";

const names = Object.keys(DEFAULT_PREFERENCES) as (keyof typeof DEFAULT_PREFERENCES)[];
const PreferencesSchema = z
  .object(
    Object.fromEntries(names.map((n) => [n, z.boolean()])) as Record<(typeof names)[number], z.ZodBoolean>,
  )
  .openapi("Preferences");
const PreferencesUpdate = z
  .strictObject(
    Object.fromEntries(names.map((n) => [n, z.boolean().optional()])) as Record<
      (typeof names)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .openapi("PreferencesUpdateRequest");

/** Which mail the signed-in member receives; the mail worker honours them when each mail comes due. */
export function preferenceRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Auth"];
  const ownAccount = guard(deps, { permission: null, keys: "none", target: "account" });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/preferences",
      tags,
      summary: "Which emails you receive",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: { 200: jsonResponse(PreferencesSchema, "Preferences"), ...errorResponses(401) },
    }),
    async (c) => c.json(await preferencesOf(deps.db, requireSession(c).userId), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/auth/preferences",
      tags,
      summary: "Turn emails on or off (payment and refund notifications, team news, security alerts)",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: jsonBody(PreferencesUpdate) },
      responses: { 200: jsonResponse(PreferencesSchema, "Preferences"), ...errorResponses(401) },
    }),
    async (c) => c.json(await updatePreferences(deps, requireSession(c).userId, c.req.valid("json")), 200),
  );

  return app;
}
