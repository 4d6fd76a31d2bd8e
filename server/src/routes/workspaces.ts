import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
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
import { WorkspaceSchema } from "../http/schemas.ts";
import { assertWorkspaceAccess, requirePrincipal, requireSession } from "../services/access.ts";
import * as workspaces from "../services/workspaces.ts";
import { Slug } from "./organizations.ts";

const UpdateWorkspaceBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    slug: Slug.nullable().optional(),
    allow_browser_amounts: z.boolean().optional().openapi({
      description:
        "Let publishable keys (the browser) create intents for any amount. Off: they may only sell a product or payment link, at its catalogue price.",
    }),
    notify_on_payment_email: z.string().trim().max(254).pipe(z.email()).nullable().optional().openapi({
      description: 'Send a "New payment" email to this address for every settled payment; null turns it off.',
    }),
  })
  .openapi("UpdateWorkspaceRequest");
const BusinessProfileBody = z
  .strictObject({
    display_name: z.string().trim().max(100).nullable().optional(),
    website: z
      .union([z.url({ protocol: /^https?$/ }).max(500), z.literal("")])
      .nullable()
      .optional(),
    description: z.string().trim().max(1000).nullable().optional(),
  })
  .openapi("BusinessProfileRequest");

export function workspaceRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Workspaces"];

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/workspaces/{id}",
      tags,
      summary: "Retrieve a workspace",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "workspace.read", keys: "any", target: "workspace" })],
      request: { params: IdParam },
      responses: { 200: jsonResponse(WorkspaceSchema, "Workspace"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await assertWorkspaceAccess(deps, requirePrincipal(c), id);
      return c.json(await workspaces.getWorkspace(deps, id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/workspaces/{id}",
      tags,
      summary: "Update a workspace's name, slug, browser amounts or payment notification email",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "settings.write", keys: "none", target: "workspace" })],
      request: { params: IdParam, body: jsonBody(UpdateWorkspaceBody) },
      responses: { 200: jsonResponse(WorkspaceSchema, "Updated"), ...errorResponses(401, 404, 409) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      requireSession(c); // structure changes need a signed-in member, not an API key
      await assertWorkspaceAccess(deps, requirePrincipal(c), id);
      const audit = { actor: requirePrincipal(c), ip: c.get("clientIp") };
      return c.json(await workspaces.updateWorkspace(deps, id, c.req.valid("json"), audit), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/workspaces/{id}",
      tags,
      summary: "Delete a workspace and everything in it",
      security: bearerSecurity,
      middleware: [
        guard(deps, { permission: "organization.delete", keys: "none", target: "workspace", stepUp: true }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Deleted"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      requireSession(c); // structure changes need a signed-in member, not an API key
      await assertWorkspaceAccess(deps, requirePrincipal(c), id);
      await workspaces.deleteWorkspace(deps, id);
      return c.json({ id, object: "workspace", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/workspaces/{id}/business-profile",
      tags,
      summary: "Update the business profile (display name, website, description)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "settings.write", keys: "secret", target: "workspace" })],
      request: { params: IdParam, body: jsonBody(BusinessProfileBody) },
      responses: { 200: jsonResponse(WorkspaceSchema, "Updated"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const principal = requirePrincipal(c);
      await assertWorkspaceAccess(deps, principal, id, { secretOnly: true });
      const origin = { actor: principal, ip: c.get("clientIp") };
      return c.json(await workspaces.updateBusinessProfile(deps, id, c.req.valid("json"), origin), 200);
    },
  );

  return app;
}
