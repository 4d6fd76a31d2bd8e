import { createRoute, z } from "@hono/zod-openapi";
import { SLUG_MAX, SLUG_MIN, SLUG_PATTERN } from "../domain/slug.ts";
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
import { OrganizationSchema, WorkspaceSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import * as orgs from "../services/organizations.ts";
import * as workspaces from "../services/workspaces.ts";

export const Slug = z
  .string()
  .trim()
  .min(SLUG_MIN)
  .max(SLUG_MAX)
  .regex(SLUG_PATTERN, "use lowercase letters, digits and single hyphens");
const Name = z.string().trim().min(1).max(100);

const CreateOrganizationBody = z
  .strictObject({ name: Name, slug: Slug, description: z.string().trim().max(500).optional() })
  .openapi("CreateOrganizationRequest");
const UpdateOrganizationBody = z
  .strictObject({
    name: Name.optional(),
    slug: Slug.optional(),
    description: z.string().trim().max(500).nullable().optional(),
    require_two_factor: z.boolean().optional().openapi({
      description:
        "Members must have a second factor to reach the organization (you need one to turn this on)",
    }),
  })
  .openapi("UpdateOrganizationRequest");
const CreateWorkspaceBody = z
  .strictObject({ name: Name, slug: Slug.optional() })
  .openapi("CreateWorkspaceRequest");

export function organizationRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Organizations"];

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/organizations",
      tags,
      summary: "Organizations the signed-in user belongs to",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      responses: {
        200: jsonResponse(
          z.object({
            object: z.literal("list"),
            data: z.array(OrganizationSchema),
            organizations: z.array(OrganizationSchema),
          }),
          "List",
        ),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const list = await orgs.listOrganizations(deps, requireSession(c).userId);
      return c.json({ object: "list" as const, data: list, organizations: list }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/organizations",
      tags,
      summary: "Create an organization (the caller becomes its owner)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { body: jsonBody(CreateOrganizationBody) },
      responses: { 201: jsonResponse(OrganizationSchema, "Created"), ...errorResponses(401, 409) },
    }),
    async (c) =>
      c.json(await orgs.createOrganization(deps, requireSession(c).userId, c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/organizations/{id}",
      tags,
      summary: "Retrieve an organization",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "workspace.read", keys: "none", target: "organization" })],
      request: { params: IdParam },
      responses: { 200: jsonResponse(OrganizationSchema, "Organization"), ...errorResponses(401, 404) },
    }),
    async (c) =>
      c.json(await orgs.getOrganization(deps, requireSession(c).userId, c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/organizations/{id}",
      tags,
      summary: "Update an organization",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "settings.write", keys: "none", target: "organization" })],
      request: { params: IdParam, body: jsonBody(UpdateOrganizationBody) },
      responses: { 200: jsonResponse(OrganizationSchema, "Updated"), ...errorResponses(401, 404, 409) },
    }),
    async (c) =>
      c.json(
        await orgs.updateOrganization(
          deps,
          { userId: requireSession(c).userId, ip: c.get("clientIp") },
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/organizations/{id}",
      tags,
      summary: "Delete an organization with all its workspaces and their data",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "organization.delete",
          keys: "none",
          target: "organization",
          stepUp: true,
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Deleted"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await orgs.deleteOrganization(deps, requireSession(c).userId, id);
      return c.json({ id, object: "organization", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/organizations/{id}/workspaces",
      tags: ["Workspaces"],
      summary: "Workspaces of an organization",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "workspace.read", keys: "none", target: "organization" })],
      request: { params: IdParam },
      responses: {
        200: jsonResponse(
          z.object({
            object: z.literal("list"),
            data: z.array(WorkspaceSchema),
            workspaces: z.array(WorkspaceSchema),
          }),
          "List",
        ),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const list = await workspaces.listWorkspaces(deps, requireSession(c).userId, c.req.valid("param").id);
      return c.json({ object: "list" as const, data: list, workspaces: list }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/organizations/{id}/workspaces",
      tags: ["Workspaces"],
      summary: "Create a workspace (with a default sandbox environment)",
      description:
        "Without `slug`, one is derived from the name (suffixed when taken); an explicit taken slug is `slug_taken`.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "settings.write", keys: "none", target: "organization" })],
      request: { params: IdParam, body: jsonBody(CreateWorkspaceBody) },
      responses: { 201: jsonResponse(WorkspaceSchema, "Created"), ...errorResponses(401, 404, 409) },
    }),
    async (c) =>
      c.json(
        await workspaces.createWorkspace(
          deps,
          requireSession(c).userId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        201,
      ),
  );

  return app;
}
