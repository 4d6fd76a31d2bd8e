import type { AuditAction, ErrorCode } from "@spay/protocol";
import type { Db } from "../db/database.ts";
import type { AuditLogRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Principal } from "../http/context.ts";

export { AUDIT_ACTIONS, type AuditAction } from "@spay/protocol";

export interface AuditEntryInput {
  action: AuditAction;
  /** Who acted: a signed-in user, an API key, or the gateway itself. */
  actor: Principal | { kind: "system" } | { kind: "user"; userId: string };
  ip: string | null;
  workspaceId?: string | null;
  /** For changes to the organization as a whole (its members): every workspace's log shows them. */
  organizationId?: string | null;
  object?: { type: string; id: string } | null;
  details?: Record<string, unknown>;
}

export interface AuditEntryView {
  id: string;
  object: "audit_entry";
  action: AuditAction;
  actor: { type: "user" | "api_key" | "system"; id: string | null };
  workspace_id: string | null;
  organization_id: string | null;
  object_type: string | null;
  object_id: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: number;
}

function actorOf(actor: AuditEntryInput["actor"]): {
  actor_type: "user" | "api_key" | "system";
  actor_id: string | null;
  user_id: string | null;
} {
  switch (actor.kind) {
    case "session":
    case "user":
      return { actor_type: "user", actor_id: actor.userId, user_id: actor.userId };
    case "api_key":
      return { actor_type: "api_key", actor_id: actor.keyId, user_id: null };
    case "system":
      return { actor_type: "system", actor_id: null, user_id: null };
  }
}

/**
 * Appends an entry in the caller's transaction (pass the transaction as `db`), so the action and
 * its record commit together.
 */
export async function recordAudit(db: Db, input: AuditEntryInput): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId("auditEntry"),
      ...actorOf(input.actor),
      workspace_id: input.workspaceId ?? (input.actor.kind === "api_key" ? input.actor.workspaceId : null),
      organization_id: input.organizationId ?? null,
      action: input.action,
      object_type: input.object?.type ?? null,
      object_id: input.object?.id ?? null,
      ip: input.ip,
      details: JSON.stringify(input.details ?? {}),
      created_at: nowSeconds(),
    })
    .execute();
}

export function auditEntryView(row: AuditLogRow): AuditEntryView {
  return {
    id: row.id,
    object: "audit_entry",
    action: row.action as AuditAction,
    actor: { type: row.actor_type, id: row.actor_id },
    workspace_id: row.workspace_id,
    organization_id: row.organization_id,
    object_type: row.object_type,
    object_id: row.object_id,
    ip: row.ip,
    details: row.details,
    created_at: row.created_at,
  };
}

/**
 * A per-account throttle whose memory is the audit log: while the account has `limit` entries of
 * `action` within the window, answers `code` (429) with the seconds until the oldest counted one
 * ages out. Every API process and a restart see the same count; refused attempts are not recorded,
 * so the lock lifts on its own.
 */
export async function assertAuditThrottle(
  db: Db,
  input: { userId: string; action: AuditAction; limit: number; windowSeconds: number; code: ErrorCode },
): Promise<void> {
  if (input.limit <= 0) return;
  const now = nowSeconds();
  const entries = await db
    .selectFrom("audit_log")
    .select("created_at")
    .where("user_id", "=", input.userId)
    .where("action", "=", input.action)
    .where("created_at", ">", now - input.windowSeconds)
    .orderBy("created_at", "desc")
    .limit(input.limit)
    .execute();
  const oldestCounted = entries[input.limit - 1];
  if (!oldestCounted) return;
  const retryAfter = Math.max(1, Number(oldestCounted.created_at) + input.windowSeconds - now);
  throw new ApiError(input.code, { headers: { "Retry-After": String(retryAfter) } });
}
