import { type SqlBool, sql } from "kysely";
import type { AuditLogRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import type { Deps } from "../http/context.ts";
import type { Pagination } from "../http/openapi.ts";
import type { WorkspaceScope } from "./access.ts";
import { type AuditAction, type AuditEntryView, auditEntryView } from "./audit-log.ts";
import { type Page, toPage } from "./pagination.ts";

/**
 * The entries a caller may read: the workspace's own; for a signed-in member also their own
 * account entries (sign-ins, password changes), which belong to no workspace; for an API key not
 * the entries about objects of the other environment kind (a test key never learns of live keys).
 */
function visibleTo(scope: WorkspaceScope) {
  const principal = scope.principal;
  if (principal.kind === "session") {
    return sql<SqlBool>`(workspace_id = ${scope.workspaceId} or (workspace_id is null and user_id = ${principal.userId})
      or organization_id = (select organization_id from workspaces where id = ${scope.workspaceId}))`;
  }
  return sql<SqlBool>`(workspace_id = ${scope.workspaceId} and coalesce(details::jsonb ->> 'env', ${principal.env}) = ${principal.env})`;
}

/** The stored `details` is JSON text; the API answers it as an object. */
function view(row: AuditLogRow): AuditEntryView {
  const details: unknown = row.details;
  return auditEntryView({
    ...row,
    details: typeof details === "string" ? (JSON.parse(details) as Record<string, unknown>) : row.details,
  });
}

/** Newest first, cursor-paged like every list; a cursor must be an entry the caller can see. */
export async function listAuditEntries(
  deps: Deps,
  scope: WorkspaceScope,
  query: Pagination & {
    action?: AuditAction | undefined;
    actor_id?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
  url: string,
): Promise<Page<AuditEntryView>> {
  const visible = visibleTo(scope);
  const cursorId = query.starting_after ?? query.ending_before;
  let bound = sql<SqlBool>`true`;
  let ascending = false;
  if (cursorId) {
    const param = query.starting_after ? "starting_after" : "ending_before";
    const cursor = await deps.db
      .selectFrom("audit_log")
      .select("seq")
      .where("id", "=", cursorId)
      .where(visible)
      .executeTakeFirst();
    if (!cursor)
      throw new ApiError("parameter_invalid", {
        message: `No such object for ${param}: '${cursorId}'`,
        param,
      });
    ascending = !query.starting_after;
    bound = ascending ? sql<SqlBool>`seq > ${cursor.seq}` : sql<SqlBool>`seq < ${cursor.seq}`;
  }
  let select = deps.db.selectFrom("audit_log").selectAll().where(visible).where(bound);
  if (query.action) select = select.where("action", "=", query.action);
  if (query.actor_id) select = select.where("actor_id", "=", query.actor_id);
  if (query.from !== undefined) select = select.where("created_at", ">=", query.from);
  if (query.to !== undefined) select = select.where("created_at", "<=", query.to);
  const rows = await select
    .orderBy("seq", ascending ? "asc" : "desc")
    .limit(query.limit + 1)
    .execute();
  return toPage(rows.map(view), query.limit, url, ascending);
}
