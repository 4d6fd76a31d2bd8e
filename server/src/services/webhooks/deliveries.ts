import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { notFound } from "../../domain/errors.ts";
import type { Deps } from "../../http/context.ts";
import type { EndpointAttemptSchema } from "../../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { SANDBOX_TEST_EVENT } from "./endpoints.ts";
import { type EventWithDeliveries, getEvent } from "./events.ts";

/** One delivery attempt of an endpoint's log, with the event it carried. */
export type EndpointAttemptView = z.infer<typeof EndpointAttemptSchema>;

/** The webhook events a payment intent emitted, each with its deliveries and attempts, oldest first. */
export async function paymentIntentDeliveries(
  deps: Deps,
  scope: WorkspaceScope,
  intentId: string,
): Promise<EventWithDeliveries[]> {
  const intent = await deps.db
    .selectFrom("payment_intents")
    .select("id")
    .where("id", "=", intentId)
    .where(ownedBy(scope, "payment_intents"))
    .executeTakeFirst();
  if (!intent) throw notFound("payment_intent", intentId);
  const events = await deps.db
    .selectFrom("events")
    .select("id")
    .where(ownedBy(scope, "events"))
    .where(sql<string>`data->'object'->>'id'`, "=", intentId)
    .orderBy("seq")
    .execute();
  return Promise.all(events.map((e) => getEvent(deps, scope, e.id)));
}

/** The endpoint's delivery log: its most recent attempts (sandbox tests marked `test`), newest first. */
export async function endpointAttempts(
  deps: Deps,
  scope: WorkspaceScope,
  endpointId: string,
  limit: number,
): Promise<EndpointAttemptView[]> {
  const endpoint = await deps.db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("id", "=", endpointId)
    .where(ownedBy(scope, "webhook_endpoints"))
    .executeTakeFirst();
  if (!endpoint) throw notFound("webhook_endpoint", endpointId);
  const rows = await deps.db
    .selectFrom("webhook_attempts as a")
    .innerJoin("events as e", "e.id", "a.event_id")
    .select([
      "a.id",
      "a.event_id",
      "e.type as event_type",
      "a.attempt",
      "a.attempted_at",
      "a.status_code",
      "a.latency_ms",
      "a.response_excerpt",
      "a.error",
      "a.succeeded",
    ])
    .where("a.endpoint_id", "=", endpointId)
    .orderBy("a.seq", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, test: r.event_type === SANDBOX_TEST_EVENT }));
}
