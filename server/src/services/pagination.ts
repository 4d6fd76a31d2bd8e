import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { ApiError } from "../domain/errors.ts";
import type { Pagination } from "../http/openapi.ts";

type PagedTable = "products" | "payment_links" | "payment_intents" | "events";

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Resolves a cursor id into its position (the row's `seq`) within the workspace. An unknown cursor
 * (or one from another workspace) is a 400 on the parameter that carried it.
 */
export async function cursorPosition(
  db: Db,
  table: PagedTable,
  workspaceId: string,
  page: Pagination,
): Promise<{ before?: number; after?: number }> {
  const id = page.starting_after ?? page.ending_before;
  if (!id) return {};
  const param = page.starting_after ? "starting_after" : "ending_before";
  const { rows } = await sql<{
    seq: number;
  }>`select seq from ${sql.table(table)} where id = ${id} and workspace_id = ${workspaceId}`.execute(db);
  const seq = rows[0]?.seq;
  if (seq === undefined)
    throw new ApiError("parameter_invalid", { message: `No such object for ${param}: '${id}'`, param });
  // Lists run newest first: "starting_after" a row means older rows (smaller seq).
  return page.starting_after ? { before: Number(seq) } : { after: Number(seq) };
}

/** Turns the limit+1 rows fetched into a page; rows fetched in ascending order are flipped back. */
export function toPage<T>(rows: T[], limit: number, url: string, ascending: boolean): Page<T> {
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: "list", data: ascending ? data.reverse() : data, has_more, url };
}
