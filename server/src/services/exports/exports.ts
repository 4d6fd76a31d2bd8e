import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import { type SqlBool, sql } from "kysely";
import type { ExportRow, ExportRowCounts } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import type { Deps, Principal } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { recordAudit } from "../audit-log.ts";
import { type Page, pageCursor, toPage, unknownCursor } from "../pagination.ts";
import { transaction } from "../write-transaction.ts";
import { downloadLinksOf, type LinkHolder } from "./download-link.ts";
import { exportStoreOf } from "./store.ts";

/** The longest range one export covers: a year and a day (a leap year, or a year to the same date). */
export const MAX_RANGE_SECONDS = 366 * 86_400;
/** How long a ready export's file is kept: then the worker deletes it and the export is `expired`. */
export const RETENTION_SECONDS = 7 * 86_400;
/** Exports a workspace may have waiting or being built at once: each one reads the whole range. */
export const MAX_IN_PROGRESS = 5;

export type ExportStatus = "pending" | "running" | "ready" | "failed" | "expired";

export interface ExportView {
  id: string;
  object: "export";
  status: ExportStatus;
  /** The environment it covers; null: the whole workspace. */
  environment_id: string | null;
  from: number;
  to: number;
  created_at: number;
  completed_at: number | null;
  row_counts: ExportRowCounts | null;
  /** A link valid for 15 minutes, signed anew on each read; null until the export is ready. */
  download_url: string | null;
  expires_at: number;
}

/** Who a link is issued to, or who asked for an export: the member or the API key. */
export function holderOf(principal: Principal): LinkHolder {
  return principal.kind === "session"
    ? { type: "user", id: principal.userId }
    : { type: "api_key", id: principal.keyId };
}

/** What the API says of a pending export: `running` while a worker holds its lease. */
function statusOf(row: ExportRow, now: number): ExportStatus {
  if (row.status === "pending" && row.locked_until !== null && row.locked_until >= now) return "running";
  return row.status;
}

function rowCounts(value: unknown): ExportRowCounts | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as ExportRowCounts;
}

/** The download link of an export, for `holder`, valid 15 minutes from `now`. */
export function downloadUrl(
  deps: Pick<Deps, "config" | "secrets">,
  exportId: string,
  holder: LinkHolder,
  now: number,
) {
  const token = downloadLinksOf(deps.secrets).token(exportId, holder, now);
  return `${deps.config.publicUrl}/v1/exports/${exportId}/download?token=${encodeURIComponent(token)}`;
}

export function exportView(
  deps: Pick<Deps, "config" | "secrets">,
  row: ExportRow,
  reader: LinkHolder,
  now = nowSeconds(),
): ExportView {
  const status = statusOf(row, now);
  const downloadable = status === "ready" && now < row.expires_at;
  return {
    id: row.id,
    object: "export",
    status: status === "ready" && !downloadable ? "expired" : status,
    environment_id: row.environment_id,
    from: row.range_from,
    to: row.range_to,
    created_at: row.created_at,
    completed_at: row.completed_at,
    row_counts: rowCounts(row.row_counts),
    download_url: downloadable ? downloadUrl(deps, row.id, reader, now) : null,
    expires_at: row.expires_at,
  };
}

/** This process's export worker listens here, to start at once on an export asked of this process. */
export const exportRequests = new EventEmitter();

/**
 * Asks for an export of the caller's workspace and environment over [from, to]. It is built in the
 * background (worker.ts): the answer is the pending export, and the export's audit entry is written
 * with it.
 */
export async function createExport(
  deps: Deps,
  scope: WorkspaceScope,
  input: { from: number; to: number },
  ip: string | null,
): Promise<ExportView> {
  if (input.to < input.from) throw new ApiError("export_range_invalid", { param: "to" });
  if (input.to - input.from > MAX_RANGE_SECONDS) throw new ApiError("export_range_invalid", { param: "to" });
  const requester = holderOf(scope.principal);
  const now = nowSeconds();
  const row = await transaction(deps, async (trx) => {
    const waiting = await trx
      .selectFrom("exports")
      .select(sql<string>`count(*)`.as("n"))
      .where("workspace_id", "=", scope.workspaceId)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= MAX_IN_PROGRESS) throw new ApiError("exports_in_progress");
    const created = await trx
      .insertInto("exports")
      .values({
        id: newId("export"),
        workspace_id: scope.workspaceId,
        environment_id: scope.environmentId,
        env: scope.env,
        requested_by_type: requester.type,
        requested_by_id: requester.id,
        range_from: input.from,
        range_to: input.to,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        row_counts: null,
        file_attempt: null,
        size_bytes: null,
        created_at: now,
        updated_at: now,
        completed_at: null,
        // Until it is ready (when the week starts again), the longest it may be kept.
        expires_at: now + RETENTION_SECONDS,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "export.created",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "export", id: created.id },
      // `env` keeps an environment's export out of the other environment's keys' view of the log.
      details: { from: input.from, to: input.to, ...(scope.env ? { env: scope.env } : {}) },
    });
    return created;
  });
  exportRequests.emit("export");
  return exportView(deps, row, requester, now);
}

/** The caller's exports, newest first, cursor-paged like every list. */
export async function listExports(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination,
  url: string,
): Promise<Page<ExportView>> {
  const cursor = pageCursor(page);
  let bound = sql<SqlBool>`true`;
  const ascending = page.ending_before !== undefined && page.starting_after === undefined;
  if (cursor) {
    const at = await deps.db
      .selectFrom("exports")
      .select("seq")
      .where("id", "=", cursor.id)
      .where(ownedBy(scope, "exports"))
      .executeTakeFirst();
    if (!at) throw unknownCursor(cursor);
    bound = ascending ? sql<SqlBool>`seq > ${at.seq}` : sql<SqlBool>`seq < ${at.seq}`;
  }
  const rows = await deps.db
    .selectFrom("exports")
    .selectAll()
    .where(ownedBy(scope, "exports"))
    .where(bound)
    .orderBy("seq", ascending ? "asc" : "desc")
    .limit(page.limit + 1)
    .execute();
  const reader = holderOf(scope.principal);
  const now = nowSeconds();
  return toPage(
    rows.map((r) => exportView(deps, r, reader, now)),
    page.limit,
    url,
    ascending,
  );
}

export async function getExport(deps: Deps, scope: WorkspaceScope, id: string): Promise<ExportView> {
  const row = await deps.db
    .selectFrom("exports")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "exports"))
    .executeTakeFirst();
  if (!row) throw notFound("export", id);
  return exportView(deps, row, holderOf(scope.principal));
}

export interface ExportDownload {
  stream: Readable;
  size: number | null;
  filename: string;
}

/**
 * The file a signed link names. The link is the credential (a browser download sends no bearer):
 * it is checked before the export is looked up, so a forged or expired link learns nothing, not
 * even whether the export exists. The download is audit-logged with the link's holder and the IP.
 */
export async function downloadExport(
  deps: Deps,
  id: string,
  token: string | undefined,
  ip: string | null,
): Promise<ExportDownload> {
  const now = nowSeconds();
  const link = downloadLinksOf(deps.secrets).check(id, token, now);
  if (!link.ok)
    throw new ApiError(link.reason === "expired" ? "export_link_expired" : "export_link_invalid", {
      param: "token",
    });
  const row = await deps.db.selectFrom("exports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("export", id);
  if (row.status === "expired" || (row.status === "ready" && now >= row.expires_at))
    throw new ApiError("export_expired");
  if (row.status !== "ready" || row.file_attempt === null) throw new ApiError("export_not_ready");
  const stream = await exportStoreOf(deps).read({ exportId: id, attempt: row.file_attempt });
  if (!stream) throw new ApiError("export_expired");
  try {
    await transaction(deps, (trx) =>
      recordAudit(trx, {
        action: "export.downloaded",
        actor:
          link.holder.type === "user"
            ? { kind: "user", userId: link.holder.id }
            : keyActor(row, link.holder.id),
        ip,
        workspaceId: row.workspace_id,
        object: { type: "export", id },
        details: row.env ? { env: row.env } : {},
      }),
    );
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { stream, size: row.size_bytes, filename: `spay-export-${id}.zip` };
}

/** The API key a link was issued to, as the audit log's actor (only its id is recorded). */
function keyActor(row: ExportRow, keyId: string): Principal {
  return {
    kind: "api_key",
    keyId,
    keyType: "secret",
    workspaceId: row.workspace_id,
    environmentId: row.environment_id ?? "",
    env: row.env ?? "test",
    scopes: [],
  };
}

/** The scope an export was asked in: its workspace and environment (ownedBy reads nothing else). */
export function scopeOfExport(row: ExportRow): WorkspaceScope {
  const principal: Principal =
    row.requested_by_type === "user"
      ? { kind: "session", userId: row.requested_by_id, sessionId: "" }
      : keyActor(row, row.requested_by_id);
  return { workspaceId: row.workspace_id, environmentId: row.environment_id, env: row.env, principal };
}
