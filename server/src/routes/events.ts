import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "@spay/protocol";
import { streamSSE } from "hono/streaming";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { EventSchema, EventWithDeliveriesSchema, WebhookSandboxTestResultSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import type { WakeReason } from "../services/change-feed.ts";
import * as events from "../services/webhooks/events.ts";
import { eventPayload } from "../services/webhooks/payload.ts";
import { sendSandboxTest } from "../services/webhooks/sandbox-test.ts";

/**
 * The event stream re-reads when an event for the workspace is announced (the change feed), so an
 * idle open stream runs no query; and, as a safety net against a
 * notification lost in a way the feed cannot see, every {@link STREAM_SAFETY_READ_MS}.
 */
const STREAM_SAFETY_READ_MS = 30_000;
const HEARTBEAT_MS = 15_000;
/** How soon a stream reads again when newer events wait on an older transaction still in flight. */
const HELD_RETRY_MS = 20;
/** Events read per query; a full batch is followed by the next one at once. */
const STREAM_BATCH = 100;

export function eventRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Events"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/events",
      tags,
      summary: "List events, newest first",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "developers.read", keys: "secret", target: "request" })],
      request: { query: PaginationQuery.extend({ type: z.enum(EVENT_TYPES).optional() }) },
      responses: { 200: jsonResponse(listOf(EventSchema, "EventList"), "List"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await events.listEvents(deps, await scope(c), c.req.valid("query"), c.req.path), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/events/stream",
      tags,
      summary: "Server-sent events: the workspace's events as they happen (used by `spay listen`)",
      description:
        "Each message has `id` = the event id, `event` = its type, `data` = the event JSON. Resume with `Last-Event-ID`.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "developers.read", keys: "secret", target: "request" })],
      responses: {
        200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const s = await scope(c);
      // Watch before reading where to start: an event committed after that read always wakes it.
      const watch = deps.changes.watchEvents(s.workspaceId, s.env);
      let after: events.EventPosition;
      try {
        after = await events.streamStart(deps, s, c.req.header("last-event-id"));
      } catch (error) {
        watch.close();
        throw error;
      }
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => watch.close());
        try {
          let lastBeat = Date.now();
          let lastRead = 0;
          let woke: WakeReason = "changed";
          // Events beyond the last read wait on an older transaction still in flight.
          let held = false;
          while (!stream.aborted && !stream.closed) {
            if (woke === "changed" || held || Date.now() - lastRead >= STREAM_SAFETY_READ_MS) {
              lastRead = Date.now();
              const batch = await events.eventsAfter(deps, s, after, STREAM_BATCH);
              for (const event of batch.events) {
                await stream.writeSSE({
                  id: event.id,
                  event: event.type,
                  data: JSON.stringify(eventPayload(event)),
                });
                after = { tx: String(event.tx), seq: Number(event.seq) };
              }
              held = batch.held;
              // More may be waiting behind a full batch: read on without waiting.
              if (batch.events.length === STREAM_BATCH) {
                woke = "changed";
                continue;
              }
            }
            if (Date.now() - lastBeat >= HEARTBEAT_MS) {
              await stream.write(": keep-alive\n\n");
              lastBeat = Date.now();
            }
            const now = Date.now();
            const until = Math.min(
              lastBeat + HEARTBEAT_MS,
              lastRead + STREAM_SAFETY_READ_MS,
              held ? now + HELD_RETRY_MS : Number.POSITIVE_INFINITY,
            );
            woke = await watch.next(until - now);
            // The client left, or the server is shutting down (the feed closed every watch).
            if (woke === "closed") break;
          }
        } finally {
          watch.close();
        }
      });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/events/{id}",
      tags,
      summary: "Retrieve an event with its deliveries and every attempt",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "developers.read",
          keys: "secret",
          target: { table: "events", name: "event" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(EventWithDeliveriesSchema, "Event"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await events.getEvent(deps, await scope(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/events/{id}/redeliver",
      tags,
      summary: "Send an event again now (to one endpoint, or every subscribed one)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "webhooks.write",
          keys: "secret",
          target: { table: "events", name: "event" },
        }),
      ],
      request: {
        params: IdParam,
        body: {
          ...jsonBody(
            z.strictObject({ endpoint_id: z.string().max(100).optional() }).openapi("RedeliverRequest"),
          ),
          required: false,
        },
      },
      responses: { 200: jsonResponse(EventWithDeliveriesSchema, "Queued"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const body = (c.req.valid("json") ?? {}) as { endpoint_id?: string };
      return c.json(
        await events.redeliverEvent(deps, await scope(c), c.req.valid("param").id, body.endpoint_id),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhook/sandbox",
      tags: ["Webhooks"],
      summary: "Send a signed `webhook.sandbox_test` to a URL from the server and report the outcome",
      description:
        "10 s timeout; SPEC.md §8's messages for timeout, network error and non-2xx. When the URL is an endpoint of the workspace (and environment), the test is signed with its secret and logged among its deliveries (`test: true`), and success marks the onboarding step 'webhook tested'; any other URL gets a one-time secret and is logged nowhere.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "webhooks.write", keys: "secret", target: "request" })],
      request: {
        body: jsonBody(
          z
            .strictObject({ url: z.string().trim().min(1).max(2048), demo_mode: z.boolean().optional() })
            .openapi("WebhookSandboxTestRequest"),
        ),
      },
      responses: {
        200: jsonResponse(WebhookSandboxTestResultSchema, "Outcome (ok or not)"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await sendSandboxTest(deps, await scope(c), c.req.valid("json").url), 200),
  );

  return app;
}
