import type { Db } from "../db/database.ts";
import { newId, nowSeconds } from "../domain/ids.ts";

/**
 * Appends an event to the outbox in the caller's transaction, so a state change and the event
 * announcing it commit or roll back together. Webhook delivery reads from here.
 */
export async function recordEvent(
  db: Db,
  input: { workspaceId: string; env: "test" | "live"; type: string; object: object },
): Promise<string> {
  const id = newId("event");
  await db
    .insertInto("events")
    .values({
      id,
      workspace_id: input.workspaceId,
      env: input.env,
      type: input.type,
      data: JSON.stringify({ object: input.object }),
      created_at: nowSeconds(),
    })
    .execute();
  return id;
}
