import type { Db } from "../db/database.ts";
import { newId, nowSeconds } from "../domain/ids.ts";

/**
 * Appends an event to the outbox in the caller's transaction, so a state change and the event
 * announcing it commit or roll back together. Webhook delivery reads from here.
 */
export async function recordEvent(db: Db, input: EventInput): Promise<string> {
  const values = eventValues(input);
  await db.insertInto("events").values(values).execute();
  return values.id;
}

export interface EventInput {
  workspaceId: string;
  env: "test" | "live";
  type: string;
  object: object;
  /** Already delivered by its caller (the sandbox test): the worker does not fan it out. */
  fannedOut?: boolean;
}

/** The outbox row for an event, for callers that insert it within a larger statement. */
export function eventValues(input: EventInput) {
  return {
    id: newId("event"),
    workspace_id: input.workspaceId,
    env: input.env,
    type: input.type,
    data: JSON.stringify({ object: input.object }),
    created_at: nowSeconds(),
    ...(input.fannedOut ? { fanned_out: true } : {}),
  };
}
