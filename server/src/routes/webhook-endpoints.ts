import { createRoute, z } from "@hono/zod-openapi";
import { ALL_EVENTS, EVENT_TYPE_ALIASES, EVENT_TYPES } from "@spay/protocol";
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
import { WebhookEndpointSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as endpoints from "../services/webhooks/endpoints.ts";

const EventName = z.enum([
  ALL_EVENTS,
  ...EVENT_TYPES,
  ...(Object.keys(EVENT_TYPE_ALIASES) as [string, ...string[]]),
]);
const Url = z.string().trim().min(1).max(2048).openapi({ example: "https://shop.example/webhooks/spay" });

const CreateBody = z
  .strictObject({
    url: Url,
    enabled_events: z.array(EventName).min(1).max(50).default([ALL_EVENTS]),
    description: z.string().trim().max(500).optional(),
  })
  .openapi("CreateWebhookEndpointRequest");
const UpdateBody = z
  .strictObject({
    url: Url.optional(),
    enabled_events: z.array(EventName).min(1).max(50).optional(),
    description: z.string().trim().max(500).nullable().optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
  })
  .openapi("UpdateWebhookEndpointRequest");

export function webhookEndpointRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Webhooks"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhook_endpoints",
      tags,
      summary: "Create a webhook endpoint (the secret is returned only here)",
      description:
        "The URL must reach the public internet (`url_not_allowed` otherwise, the same answer for every reason): loopback, private, link-local, CGNAT, reserved and IPv4-embedding IPv6 targets are refused, except for sandbox endpoints of a gateway in `SPAY_DEPLOYMENT=local` mode.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "webhooks.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(CreateBody) },
      responses: { 201: jsonResponse(WebhookEndpointSchema, "Created"), ...errorResponses(401, 403) },
    }),
    async (c) =>
      c.json(
        await endpoints.createEndpoint(deps, await scope(c), c.req.valid("json"), c.get("clientIp")),
        201,
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/webhook_endpoints",
      tags,
      summary: "List webhook endpoints",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "developers.read", keys: "secret", target: "request" })],
      responses: {
        200: jsonResponse(
          z.object({
            object: z.literal("list"),
            data: z.array(WebhookEndpointSchema),
            has_more: z.boolean(),
          }),
          "List",
        ),
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json(
        {
          object: "list" as const,
          data: await endpoints.listEndpoints(deps, await scope(c)),
          has_more: false,
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/webhook_endpoints/{id}",
      tags,
      summary: "Retrieve a webhook endpoint",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "developers.read",
          keys: "secret",
          target: { table: "webhook_endpoints", name: "webhook endpoint" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(WebhookEndpointSchema, "Endpoint"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await endpoints.getEndpoint(deps, await scope(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/webhook_endpoints/{id}",
      tags,
      summary: "Update the URL, events, description, or enable/disable",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "webhooks.write",
          keys: "secret",
          target: { table: "webhook_endpoints", name: "webhook endpoint" },
        }),
      ],
      request: { params: IdParam, body: jsonBody(UpdateBody) },
      responses: { 200: jsonResponse(WebhookEndpointSchema, "Updated"), ...errorResponses(401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await endpoints.updateEndpoint(deps, await scope(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/webhook_endpoints/{id}",
      tags,
      summary: "Delete a webhook endpoint",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "webhooks.write",
          keys: "secret",
          target: { table: "webhook_endpoints", name: "webhook endpoint" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Deleted"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await endpoints.deleteEndpoint(deps, await scope(c), id, c.get("clientIp"));
      return c.json({ id, object: "webhook_endpoint", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhook_endpoints/{id}/rotate_secret",
      tags,
      summary: "Rotate the signing secret; the old one keeps signing beside it for 24 h",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "webhooks.write",
          keys: "secret",
          target: { table: "webhook_endpoints", name: "webhook endpoint" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(WebhookEndpointSchema, "Rotated"), ...errorResponses(401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await endpoints.rotateSecret(deps, await scope(c), c.req.valid("param").id, c.get("clientIp")),
        200,
      ),
  );

  return app;
}
