import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db/database.ts";
import { ApiError } from "../domain/errors.ts";
import type { Pagination } from "../http/openapi.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";

type PagedTable = "products" | "payment_links" | "payment_intents" | "refunds" | "customers" | "mail_outbox";

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

/** The cursor a page names, and the parameter that carried it (errors name it). */
export function pageCursor(
  page: Pagination,
): { id: string; param: "starting_after" | "ending_before" } | undefined {
  if (page.starting_after) return { id: page.starting_after, param: "starting_after" };
  if (page.ending_before) return { id: page.ending_before, param: "ending_before" };
  return undefined;
}

/** A cursor that names no row of the caller's list: unknown, or another workspace's or environment's. */
export function unknownCursor(cursor: { id: string; param: string }): ApiError {
  return new ApiError("parameter_invalid", {
    message: `No such object for ${cursor.param}: '${cursor.id}'`,
    param: cursor.param,
  });
}

/**
 * Resolves a cursor id into its position (the row's `seq`) within the caller's workspace and
 * environment. An unknown cursor (or one from another workspace or environment) is a 400 on the
 * parameter that carried it.
 */
export async function cursorPosition(
  db: Db,
  table: PagedTable,
  scope: WorkspaceScope,
  page: Pagination,
): Promise<{ before?: number; after?: number }> {
  const cursor = pageCursor(page);
  if (!cursor) return {};
  const { rows } = await sql<{
    seq: number;
  }>`select seq from ${sql.table(table)} where id = ${cursor.id} and ${ownedBy(scope, table)}`.execute(db);
  const seq = rows[0]?.seq;
  if (seq === undefined) throw unknownCursor(cursor);
  // Lists run newest first: "starting_after" a row means older rows (smaller seq).
  return page.starting_after ? { before: Number(seq) } : { after: Number(seq) };
}

/** Turns the limit+1 rows fetched into a page; rows fetched in ascending order are flipped back. */
export function toPage<T>(rows: T[], limit: number, url: string, ascending: boolean): Page<T> {
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: "list", data: ascending ? data.reverse() : data, has_more, url };
}

/** The slice of a list one page covers: bounds on `seq`, its order, and limit + 1 to detect more. */
export interface PageWindow {
  bounds: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
  limit: number;
}

/**
 * Runs one page of a newest-first list: resolves the cursor, lets the caller add the window to
 * its own filtered query, and shapes the result. Every list endpoint pages the same way.
 */
export async function fetchPage<R>(
  db: Db,
  table: PagedTable,
  scope: WorkspaceScope,
  page: Pagination,
  url: string,
  run: (window: PageWindow) => Promise<R[]>,
): Promise<Page<R>> {
  const { before, after } = await cursorPosition(db, table, scope, page);
  const ascending = after !== undefined;
  const bounds =
    before !== undefined
      ? sql<boolean>`seq < ${before}`
      : after !== undefined
        ? sql<boolean>`seq > ${after}`
        : sql<boolean>`true`;
  const rows = await run({ bounds, order: ascending ? sql`seq asc` : sql`seq desc`, limit: page.limit + 1 });
  return toPage(rows, page.limit, url, ascending);
}
