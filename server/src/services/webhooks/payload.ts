import type { EventRow } from "../../db/schema.ts";

export interface EventPayload {
  id: string;
  object: "event";
  type: string;
  created_at: number;
  env: "test" | "live";
  data: Record<string, unknown>;
}

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
