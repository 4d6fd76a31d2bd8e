import type { z } from "@hono/zod-openapi";
import type { EventRow } from "../../db/schema.ts";
import type { EventSchema } from "../../http/schemas.ts";

export type EventPayload = z.infer<typeof EventSchema>;

/** The event as the API and webhooks present it: `{id: "evt_…", type, created_at, env, data: {object}}`. */
export function eventPayload(event: EventRow): EventPayload {
  return {
    id: event.id,
    object: "event",
    type: event.type,
    created_at: event.created_at,
    env: event.env,
    data: event.data,
  };
}
