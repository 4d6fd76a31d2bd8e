import Bowser from "bowser";
import type { Db } from "../db/database.ts";
import { notFound } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { recordAudit } from "./audit-log.ts";
import { transaction } from "./write-transaction.ts";

/** Least time between two writes of a session's `last_seen_at`: authentication stays a read. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

export interface SessionView {
  id: string;
  object: "session";
  /** The session this request was made with. */
  current: boolean;
  /** What the User-Agent says, in words: "Chrome 131 on macOS", or null when it says nothing usable. */
  device: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_seen_at: number | null;
  expires_at: number;
}

/** "Firefox 133 on Linux", "Safari on iOS", "curl": a device a member can recognise. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent?.trim()) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ")
    : null;
  const os = parsed.os.name ?? null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (userAgent.split(/[\s/]/)[0] || null);
}

/** The user's sessions still in force, newest first; the caller's own is marked. */
export async function listSessions(deps: Deps, userId: string, currentId: string): Promise<SessionView[]> {
  const now = nowSeconds();
  const rows = await deps.db
    .selectFrom("sessions")
    .select(["id", "user_agent", "ip", "created_at", "last_seen_at", "expires_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    object: "session",
    current: row.id === currentId,
    device: describeDevice(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: Number(row.created_at),
    last_seen_at: row.last_seen_at === null ? null : Number(row.last_seen_at),
    expires_at: Number(row.expires_at),
  }));
}

/** Signs out one of the user's own sessions (another user's id answers 404, like an unknown one). */
export async function revokeSession(
  deps: Deps,
  actor: { userId: string; ip: string },
  sessionId: string,
): Promise<void> {
  await transaction(deps, async (trx) => {
    const revoked = await trx
      .updateTable("sessions")
      .set({ revoked_at: nowSeconds() })
      .where("id", "=", sessionId)
      .where("user_id", "=", actor.userId)
      .where("revoked_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!revoked) throw notFound("session", sessionId);
    await recordAudit(trx, {
      action: "session.revoked",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      object: { type: "session", id: sessionId },
    });
  });
}

/**
 * Ends every session of the user but `keep`, in the caller's transaction: what a changed password or
 * second factor does, so a thief's session does not outlive the change. The ids that ended.
 */
export async function endOtherSessions(trx: Db, userId: string, keep: string): Promise<string[]> {
  const ended = await trx
    .updateTable("sessions")
    .set({ revoked_at: nowSeconds() })
    .where("user_id", "=", userId)
    .where("id", "!=", keep)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return ended.map((row) => row.id);
}

/** Signs out every session of the user but the one asking; how many ended. */
export async function revokeOtherSessions(
  deps: Deps,
  actor: { userId: string; sessionId: string; ip: string },
): Promise<number> {
  return transaction(deps, async (trx) => {
    const revoked = await endOtherSessions(trx, actor.userId, actor.sessionId);
    await recordAudit(trx, {
      action: "session.others_revoked",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      object: { type: "session", id: actor.sessionId },
      details: { count: revoked.length },
    });
    return revoked.length;
  });
}
