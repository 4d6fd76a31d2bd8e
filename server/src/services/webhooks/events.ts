import type { z } from "@hono/zod-openapi";
import type { EventRow } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import type { DeliveryAttemptSchema, EventWithDeliveriesSchema } from "../../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { notifyChange } from "../change-feed.ts";
import { fetchPage, type Page } from "../pagination.ts";
import { type EventPayload, eventPayload } from "./payload.ts";

export type DeliveryAttemptView = z.infer<typeof DeliveryAttemptSchema>;

export type EventWithDeliveries = z.infer<typeof EventWithDeliveriesSchema>;

export async function listEvents(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { type?: string | undefined },
  url: string,
): Promise<Page<EventPayload>> {
  let query = deps.db.selectFrom("events").selectAll().where(ownedBy(scope, "events"));
  if (page.type) query = query.where("type", "=", page.type);
  const result = await fetchPage(deps.db, "events", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map(eventPayload) };
}

async function findEvent(deps: Deps, scope: WorkspaceScope, id: string): Promise<EventRow> {
  const row = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "events"))
    .executeTakeFirst();
  if (!row) throw notFound("event", id);
  return row;
}

/** An event with its deliveries and every attempt (time, status, latency, excerpt, error). */
export async function getEvent(deps: Deps, scope: WorkspaceScope, id: string): Promise<EventWithDeliveries> {
  const event = await findEvent(deps, scope, id);
  const [deliveries, attempts] = await Promise.all([
    deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("event_id", "=", id)
      .orderBy("created_at")
      .execute(),
    deps.db.selectFrom("webhook_attempts").selectAll().where("event_id", "=", id).orderBy("seq").execute(),
  ]);
  return {
    ...eventPayload(event),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      endpoint_id: d.endpoint_id,
      state: d.state,
      attempt_count: d.attempt_count,
      next_attempt_at: d.state === "pending" ? d.next_attempt_at : null,
      manual: d.manual,
    })),
    attempts: attempts.map((a) => ({
      id: a.id,
      endpoint_id: a.endpoint_id,
      attempt: a.attempt,
      attempted_at: a.attempted_at,
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      response_excerpt: a.response_excerpt,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

/** Sends the event again now (one attempt per endpoint), to one endpoint or to every subscribed one. */
export async function redeliverEvent(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  endpointId: string | undefined,
): Promise<EventWithDeliveries> {
  const event = await findEvent(deps, scope, id);
  let endpoints = deps.db
    .selectFrom("webhook_endpoints")
    .select(["id", "enabled_events"])
    .where(ownedBy(scope, "webhook_endpoints"))
    .where("env", "=", event.env)
    .where("status", "=", "enabled");
  if (endpointId) endpoints = endpoints.where("id", "=", endpointId);
  const targets = await endpoints.execute();
  if (targets.length === 0) {
    throw endpointId
      ? notFound("webhook_endpoint", endpointId, "endpoint_id")
      : new ApiError("no_webhook_endpoints");
  }
  const now = nowSeconds();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_deliveries")
      .values(
        targets.map((t) => ({
          id: newId("webhookDelivery"),
          event_id: event.id,
          endpoint_id: t.id,
          manual: true,
          state: "pending" as const,
          next_attempt_at: now,
          locked_until: null,
          last_status: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // No trigger announces deliveries (fan-out inserts thousands); a resend wakes the worker itself.
    await notifyChange(trx, { kind: "delivery", workspace_id: event.workspace_id });
  });
  return getEvent(deps, scope, id);
}

/** Events of the workspace after a position, for the live stream (`spay listen`). */
export async function eventsAfter(
  deps: Deps,
  scope: WorkspaceScope,
  afterSeq: number,
  limit = 100,
): Promise<EventRow[]> {
  return deps.db
    .selectFrom("events")
    .selectAll()
    .where(ownedBy(scope, "events"))
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
}

export async function latestEventSeq(deps: Deps, scope: WorkspaceScope, eventId?: string): Promise<number> {
  if (eventId) {
    const row = await deps.db
      .selectFrom("events")
      .select("seq")
      .where("id", "=", eventId)
      .where(ownedBy(scope, "events"))
      .executeTakeFirst();
    if (row) return row.seq;
  }
  const row = await deps.db
    .selectFrom("events")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where(ownedBy(scope, "events"))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}
