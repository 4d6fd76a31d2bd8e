import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { EventRow } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import type { DeliveryAttemptSchema, EventWithDeliveriesSchema } from "../../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { type Page, pageCursor, toPage, unknownCursor } from "../pagination.ts";
import { announceOnCommit, transaction } from "../write-transaction.ts";
import { type EventPayload, eventPayload } from "./payload.ts";

export type DeliveryAttemptView = z.infer<typeof DeliveryAttemptSchema>;

export type EventWithDeliveries = z.infer<typeof EventWithDeliveriesSchema>;

/**
 * The oldest transaction of this database still in flight in the statement's snapshot (or, with
 * none, the snapshot's end): no event can later appear with a `tx` below it. The snapshot's in-flight
 * list covers the whole cluster; transactions known to run in another database are left out, so a
 * long write elsewhere (a bulk import, another tenant's database) does not hold this one's streams.
 * A transaction that ended between the snapshot and the read of `pg_stat_activity` is kept (its
 * database is no longer known): that only holds the horizon until the next read.
 */
const HORIZON = sql<string>`coalesce(
  (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
   where (x::text::numeric % 4294967296)::text not in (
     select backend_xid::text from pg_stat_activity
     where backend_xid is not null and datname is distinct from current_database())),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/**
 * Where a reader of the outbox stands: after the event written by transaction `tx` with `seq`.
 * Events are read in `(tx, seq)` order, not `seq` order: once writes commit in parallel, a lower
 * `seq` can commit after a higher one.
 */
export interface EventPosition {
  tx: string;
  seq: number;
}

/**
 * The workspace's events, newest first, in commit order: `(tx, seq)` below the {@link HORIZON}.
 * A poller that asks for what came after the newest event it saw (`ending_before`) must never miss
 * one, and once writes commit in parallel an event with a lower `seq` can commit after a higher
 * one; so a page only holds events no later commit can precede, and cursors compare `(tx, seq)`.
 * An event written by a transaction still in flight shows up a moment later, on the next page read.
 */
export async function listEvents(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { type?: string | undefined },
  url: string,
): Promise<Page<EventPayload>> {
  const named = pageCursor(page);
  let cursor: EventPosition | undefined;
  if (named) {
    const row = await deps.db
      .selectFrom("events")
      .select(["tx", "seq"])
      .where("id", "=", named.id)
      .where(ownedBy(scope, "events"))
      .executeTakeFirst();
    if (!row) throw unknownCursor(named);
    cursor = { tx: String(row.tx), seq: Number(row.seq) };
  }
  // Newest first: "starting_after" an event means older ones; "ending_before" newer ones, read
  // upwards from the cursor and flipped back.
  const ascending = named?.param === "ending_before";
  let query = deps.db
    .selectFrom("events")
    .selectAll()
    .where(ownedBy(scope, "events"))
    .where(sql<boolean>`tx < (${HORIZON})`);
  if (page.type) query = query.where("type", "=", page.type);
  if (cursor) {
    const position = sql`(${cursor.tx}::xid8, ${cursor.seq})`;
    query = query.where(
      ascending ? sql<boolean>`(tx, seq) > ${position}` : sql<boolean>`(tx, seq) < ${position}`,
    );
  }
  const direction = ascending ? "asc" : "desc";
  const rows = await query
    .orderBy("tx", direction)
    .orderBy("seq", direction)
    .limit(page.limit + 1)
    .execute();
  const result = toPage(rows, page.limit, url, ascending);
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
  await transaction(deps, async (trx) => {
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
    // The worker makes fan-out deliveries itself; a resend made here has to wake it.
    announceOnCommit(trx, { kind: "delivery", workspace_id: event.workspace_id });
  });
  return getEvent(deps, scope, id);
}

export interface EventsAfter {
  events: EventRow[];
  /**
   * Events beyond these exist whose transaction is not older than every transaction still in flight:
   * read again shortly (an event may still commit before them).
   */
  held: boolean;
}

/**
 * Events of the workspace after a position, for the live stream (`spay listen`): only events whose
 * writing transaction is older than the oldest one of this database still in flight ({@link HORIZON}). No event
 * can later appear before those, so a reader that resumes from the last one it read skips nothing.
 */
export async function eventsAfter(
  deps: Deps,
  scope: WorkspaceScope,
  after: EventPosition,
  limit = 100,
): Promise<EventsAfter> {
  const rows = await deps.db
    .selectFrom("events")
    .selectAll()
    .select(sql<boolean>`tx < (${HORIZON})`.as("settled"))
    .where(ownedBy(scope, "events"))
    .where(sql<boolean>`(tx, seq) > (${after.tx}::xid8, ${after.seq})`)
    .orderBy("tx")
    .orderBy("seq")
    .limit(limit)
    .execute();
  const settled = rows.findIndex((row) => !row.settled);
  const ready = settled === -1 ? rows : rows.slice(0, settled);
  return { events: ready.map(({ settled: _, ...event }) => event), held: settled !== -1 };
}

/**
 * Where a stream starts: after the event named by `Last-Event-ID` (if it is the workspace's), else
 * now — after every event whose transaction is older than the oldest still in flight.
 */
export async function streamStart(
  deps: Deps,
  scope: WorkspaceScope,
  eventId?: string,
): Promise<EventPosition> {
  if (eventId) {
    const row = await deps.db
      .selectFrom("events")
      .select(["tx", "seq"])
      .where("id", "=", eventId)
      .where(ownedBy(scope, "events"))
      .executeTakeFirst();
    if (row) return { tx: String(row.tx), seq: Number(row.seq) };
  }
  const { rows } = await sql<{ horizon: string }>`select (${HORIZON})::text as horizon`.execute(deps.db);
  return { tx: rows[0]?.horizon ?? "0", seq: 0 };
}
