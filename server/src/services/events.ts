import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Change } from "./change-feed.ts";
import { MAIL_EVENT_TYPES, queueEventMail } from "./mail/queue.ts";
import { announceOnCommit } from "./write-transaction.ts";

/**
 * SQL: whether a new event of the workspace's `env` has no enabled webhook endpoint to fan out to.
 * Such an event is written as already fanned out, so the webhook worker has nothing to do for it: its
 * work follows deliveries, not writes. An endpoint created meanwhile receives the events after it.
 */
export function noEndpointSql(workspaceId: string, env: string) {
  return sql<boolean>`not exists (select 1 from webhook_endpoints
    where workspace_id = ${workspaceId} and env = ${env} and status = 'enabled')`;
}

/** Who must hear of an event once it committed: its streams, and the workers it gave work. */
export function eventChanges(input: EventInput, fannedOut: boolean): Change[] {
  const changes: Change[] = [{ kind: "event", workspace_id: input.workspaceId, env: input.env }];
  if (!fannedOut) changes.push({ kind: "delivery", workspace_id: input.workspaceId });
  if (MAIL_EVENT_TYPES.includes(input.type)) changes.push({ kind: "mail", workspace_id: input.workspaceId });
  return changes;
}

/**
 * Appends an event to the outbox in the caller's transaction (opened with write-transaction.ts), so
 * a state change and the event announcing it commit or roll back together, and event streams and
 * the webhook worker hear of it once it committed. Webhook delivery reads from here; the mails the
 * event sends (receipts, the merchant's notification) are queued with it.
 */
export async function recordEvent(trx: Db, input: EventInput): Promise<string> {
  const values = eventValues(input);
  const row = await trx
    .insertInto("events")
    .values({ ...values, fanned_out: input.fannedOut ? true : noEndpointSql(input.workspaceId, input.env) })
    .returning("fanned_out")
    .executeTakeFirstOrThrow();
  const objectId = (input.object as { id?: unknown }).id;
  if (typeof objectId === "string")
    await queueEventMail(trx, {
      id: values.id,
      workspaceId: input.workspaceId,
      env: input.env,
      type: input.type,
      objectId,
    });
  for (const change of eventChanges(input, row.fanned_out)) announceOnCommit(trx, change);
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
