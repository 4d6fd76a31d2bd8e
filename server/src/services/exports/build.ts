import type { PassThrough, Readable } from "node:stream";
import { Readable as ReadableStream } from "node:stream";
import { type RawBuilder, type Selectable, type SqlBool, sql } from "kysely";
import { ZipFile } from "yazl";
import type { Db } from "../../db/database.ts";
import type { Database, ExportRowCounts } from "../../db/schema.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { type CsvValue, csvRecords, jsonCell } from "./csv.ts";

/** Rows read per query: a page is read, written and dropped before the next one is read. */
export const PAGE_ROWS = 1000;

/** What an export covers: the caller's workspace and environment, and its range (both ends included). */
export interface ExportSource {
  scope: WorkspaceScope;
  from: number;
  to: number;
  /** The time the export was asked for: every file in the ZIP carries it. */
  createdAt: number;
}

type ExportedTable = "payment_intents" | "refunds" | "customers" | "events" | "audit_log";
type Row<T extends ExportedTable> = Selectable<Database[T]>;

/**
 * A file of the export: which rows of which table, and its columns — each header beside the cell
 * it names, so the two cannot drift apart.
 */
interface ExportTable<T extends ExportedTable = ExportedTable> {
  file: keyof ExportRowCounts;
  table: T;
  /** The rows of the table the export's scope may read. */
  visible(scope: WorkspaceScope): RawBuilder<SqlBool>;
  columns: readonly (readonly [header: string, cell: (row: Row<T>) => CsvValue])[];
}

/** Keeps each table's column functions typed by that table's rows. */
const exportTable = <T extends ExportedTable>(table: ExportTable<T>): ExportTable<T> => table;

/** A column copied as it is stored. */
const as = <R>(name: keyof R & string) => [name, (row: R) => row[name] as CsvValue] as const;

const PAYMENTS = exportTable({
  file: "payments",
  table: "payment_intents",
  visible: (scope) => ownedBy(scope, "payment_intents"),
  columns: [
    ...(["id", "created_at", "status", "status_reason", "amount_minor"] as const).map(
      as<Row<"payment_intents">>,
    ),
    ["amount_micros", (r) => String(r.amount_micros)],
    ...(
      [
        "currency",
        "asset",
        "amount_asset",
        "amount_received",
        "amount_refunded",
        "token_contract",
        "recipient",
        "memo",
        "txid",
        "payment_method",
        "customer_email",
        "customer_id",
        "product_id",
        "fulfillment_status",
        "env",
        "expires_at",
        "canceled_at",
        "cancellation_reason",
      ] as const
    ).map(as<Row<"payment_intents">>),
    ["shipping_address", (r) => jsonCell(r.shipping_address)],
    ["metadata", (r) => jsonCell(r.metadata)],
  ],
});

const REFUNDS = exportTable({
  file: "refunds",
  table: "refunds",
  visible: (scope) => ownedBy(scope, "refunds"),
  columns: [
    as<Row<"refunds">>("id"),
    as<Row<"refunds">>("created_at"),
    ["payment_intent", (r) => r.payment_intent_id],
    ["customer", (r) => r.customer_id],
    ...(["status", "status_reason", "reason", "amount", "amount_minor"] as const).map(as<Row<"refunds">>),
    ["amount_micros", (r) => String(r.amount_micros)],
    ...(
      [
        "asset",
        "token_contract",
        "source",
        "destination",
        "txid",
        "env",
        "succeeded_at",
        "failed_at",
      ] as const
    ).map(as<Row<"refunds">>),
    ["metadata", (r) => jsonCell(r.metadata)],
  ],
});

const CUSTOMERS = exportTable({
  file: "customers",
  table: "customers",
  visible: (scope) => ownedBy(scope, "customers"),
  columns: [
    ...(["id", "created_at", "email", "address", "payments_count", "refunds_count"] as const).map(
      as<Row<"customers">>,
    ),
    ["total_paid_micros", (r) => String(r.total_paid_micros)],
    ["total_refunded_micros", (r) => String(r.total_refunded_micros)],
    ...(["first_payment_at", "last_payment_at", "env"] as const).map(as<Row<"customers">>),
  ],
});

/** An event's payload, whichever way the driver hands JSON back. */
const eventData = (r: Row<"events">): unknown => (typeof r.data === "string" ? JSON.parse(r.data) : r.data);

const EVENTS = exportTable({
  file: "events",
  table: "events",
  visible: (scope) => ownedBy(scope, "events"),
  columns: [
    ...(["id", "created_at", "type", "env"] as const).map(as<Row<"events">>),
    [
      "object_id",
      (r) => {
        const object = (eventData(r) as { object?: { id?: unknown } } | null)?.object;
        return typeof object?.id === "string" ? object.id : null;
      },
    ],
    ["data", (r) => jsonCell(eventData(r))],
  ],
});

/**
 * The audit log has no environment column (ownedBy does not apply): an export of one environment
 * holds the workspace's entries about that environment (or about none), as an API key reads the log;
 * an export of the whole workspace also holds its organization's entries (members joining, roles).
 * A member's own account entries (their sign-ins) are never in a workspace's export: every owner and
 * admin may download it.
 */
function auditVisible(scope: WorkspaceScope) {
  if (scope.env) {
    return sql<SqlBool>`(workspace_id = ${scope.workspaceId} and coalesce(details::jsonb ->> 'env', ${scope.env}) = ${scope.env})`;
  }
  return sql<SqlBool>`(workspace_id = ${scope.workspaceId}
    or organization_id = (select organization_id from workspaces where id = ${scope.workspaceId}))`;
}

const AUDIT_LOG = exportTable({
  file: "audit_log",
  table: "audit_log",
  visible: auditVisible,
  columns: [
    ...(
      ["id", "created_at", "action", "actor_type", "actor_id", "object_type", "object_id", "ip"] as const
    ).map(as<Row<"audit_log">>),
    ["details", (r) => jsonCell(r.details)],
  ],
});

type AnyExportTable = { [T in ExportedTable]: ExportTable<T> }[ExportedTable];

/** The files of an export, in the order they are written. */
export const EXPORT_TABLES: readonly AnyExportTable[] = [PAYMENTS, REFUNDS, CUSTOMERS, EVENTS, AUDIT_LOG];

/** Up to `limit` of the table's rows in the export's range after `after` (a `seq`), in `seq` order. */
async function keysetPage<T extends ExportedTable>(
  db: Db,
  table: ExportTable<T>,
  source: ExportSource,
  after: number,
  limit: number,
): Promise<Row<T>[]> {
  const { rows } = await sql<Row<T>>`select * from ${sql.table(table.table)}
    where ${table.visible(source.scope)}
      and created_at >= ${source.from} and created_at <= ${source.to} and seq > ${after}
    order by seq limit ${limit}`.execute(db);
  return rows;
}

export interface BuildHooks {
  /** Called before each page is read; throwing stops the build (a worker that lost its lease). */
  beforePage?: () => Promise<void>;
  pageRows?: number;
}

/**
 * One file's CSV, a page at a time: each page is read with a keyset query (`seq` after the last
 * one seen, so a page costs the same wherever it is in the range) only once the ZIP has taken the
 * previous one, so memory holds one page whatever the range's size.
 */
async function* csvPages(
  db: Db,
  file: AnyExportTable,
  source: ExportSource,
  counts: ExportRowCounts,
  hooks: BuildHooks,
): AsyncGenerator<Buffer> {
  // Each table's cells read that table's rows, and its pages are read from that same table.
  const table = file as ExportTable<ExportedTable>;
  const limit = hooks.pageRows ?? PAGE_ROWS;
  yield Buffer.from(csvRecords([table.columns.map(([header]) => header)]), "utf8");
  let after = 0;
  for (;;) {
    await hooks.beforePage?.();
    const rows = await keysetPage(db, table, source, after, limit);
    const last = rows.at(-1);
    if (last) {
      yield Buffer.from(csvRecords(rows.map((row) => table.columns.map(([, cell]) => cell(row)))), "utf8");
      counts[table.file] += rows.length;
      after = Number(last.seq);
    }
    if (rows.length < limit) return;
  }
}

/**
 * The export as one ZIP stream of five CSV files (payments, refunds, customers, events, audit_log).
 * Nothing is read before the stream is: the files are produced in turn as the reader takes the
 * bytes, so a slow store slows the reads instead of filling memory. `counts` holds the rows written
 * so far, complete once the stream has ended; the stream fails with the first error of a read.
 */
export function exportZip(
  db: Db,
  source: ExportSource,
  hooks: BuildHooks = {},
): { stream: Readable; counts: ExportRowCounts } {
  const counts: ExportRowCounts = { payments: 0, refunds: 0, customers: 0, events: 0, audit_log: 0 };
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // yazl pipes each file into its output and does not watch the file's stream for errors.
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on("error", fail);
  // The first file is read as soon as the ZIP starts, maybe before the reader has attached (a store
  // that first makes its folder): the error stays on the stream, and the reader's pipeline rejects
  // with it, instead of an unheard error event ending the process.
  output.on("error", () => {});
  const mtime = new Date(source.createdAt * 1000);
  for (const table of EXPORT_TABLES) {
    zip.addReadStreamLazy(`${table.file}.csv`, { mtime, compress: true }, (callback) => {
      const csv = ReadableStream.from(csvPages(db, table, source, counts, hooks), { objectMode: false });
      csv.on("error", fail);
      callback(null, csv);
    });
  }
  zip.end();
  return { stream: output, counts };
}
