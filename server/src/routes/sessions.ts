import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, DeletedSchema, errorResponses, IdParam, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { requireSession } from "../services/access.ts";
import * as sessions from "../services/sessions.ts";

const SessionSchema = z
  .object({
    id: z.string(),
    object: z.literal("session"),
    current: z.boolean().openapi({ description: "The session this request was made with" }),
    device: z.string().nullable().openapi({ description: "Browser and system read from the User-Agent" }),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.number().int(),
    last_seen_at: z.number().int().nullable().openapi({ description: "Last request, to the minute" }),
    expires_at: z.number().int(),
  })
  .openapi("Session");

/** A member's own sessions: see where they are signed in, and sign out what they do not recognise. */
export function sessionRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Auth"];
  const ownAccount = guard(deps, { permission: null, keys: "none", target: "account" });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/sessions",
      tags,
      summary: "Your sessions still in force: device, address, created and last seen",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: {
        200: jsonResponse(
          z.object({ object: z.literal("list"), data: z.array(SessionSchema) }).openapi("SessionList"),
          "Sessions",
        ),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const { userId, sessionId } = requireSession(c);
      return c.json(
        { object: "list" as const, data: await sessions.listSessions(deps, userId, sessionId) },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/auth/sessions/{id}",
      tags,
      summary: "Sign out one of your sessions (it fails on its next request)",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Signed out"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { userId } = requireSession(c);
      const { id } = c.req.valid("param");
      await sessions.revokeSession(deps, { userId, ip: c.get("clientIp") }, id);
      return c.json({ id, object: "session", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/sessions/revoke_others",
      tags,
      summary: "Sign out every other session of your account",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: {
        200: jsonResponse(z.object({ revoked: z.number().int() }).openapi("RevokedSessions"), "Signed out"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const revoked = await sessions.revokeOtherSessions(deps, { ...session, ip: c.get("clientIp") });
      return c.json({ revoked }, 200);
    },
  );

  return app;
}
