import type { PassThrough, Readable } from "node:stream";
import { Readable as ReadableStream } from "node:stream";
import { type SqlBool, sql } from "kysely";
import { ZipFile } from "yazl";
import type { Db } from "../../db/database.ts";
import type { ExportRowCounts } from "../../db/schema.ts";
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

/** A row as read for a file: its columns, in header order, and its `seq` (the page's key). */
type PageRow = { seq: number; cells: CsvValue[] };

interface ExportTable {
  file: keyof ExportRowCounts;
  header: readonly string[];
  /** Up to `limit` rows after `after` (a `seq`), in `seq` order. */
  page(db: Db, source: ExportSource, after: number, limit: number): Promise<PageRow[]>;
}

/** The range on a table's `created_at`, and the keyset page after `after`. */
function inRange(source: ExportSource, after: number) {
  return sql<SqlBool>`created_at >= ${source.from} and created_at <= ${source.to} and seq > ${after}`;
}

const PAYMENTS: ExportTable = {
  file: "payments",
  header: [
    "id",
    "created_at",
    "status",
    "status_reason",
    "amount_minor",
    "amount_micros",
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
    "shipping_address",
    "metadata",
  ],
  async page(db, source, after, limit) {
    const rows = await db
      .selectFrom("payment_intents")
      .selectAll()
      .where(ownedBy(source.scope, "payment_intents"))
      .where(inRange(source, after))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      cells: [
        r.id,
        r.created_at,
        r.status,
        r.status_reason,
        r.amount_minor,
        String(r.amount_micros),
        r.currency,
        r.asset,
        r.amount_asset,
        r.amount_received,
        r.amount_refunded,
        r.token_contract,
        r.recipient,
        r.memo,
        r.txid,
        r.payment_method,
        r.customer_email,
        r.customer_id,
        r.product_id,
        r.fulfillment_status,
        r.env,
        r.expires_at,
        r.canceled_at,
        r.cancellation_reason,
        jsonCell(r.shipping_address),
        jsonCell(r.metadata),
      ],
    }));
  },
};

const REFUNDS: ExportTable = {
  file: "refunds",
  header: [
    "id",
    "created_at",
    "payment_intent",
    "customer",
    "status",
    "status_reason",
    "reason",
    "amount",
    "amount_minor",
    "amount_micros",
    "asset",
    "token_contract",
    "source",
    "destination",
    "txid",
    "env",
    "succeeded_at",
    "failed_at",
    "metadata",
  ],
  async page(db, source, after, limit) {
    const rows = await db
      .selectFrom("refunds")
      .selectAll()
      .where(ownedBy(source.scope, "refunds"))
      .where(inRange(source, after))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      cells: [
        r.id,
        r.created_at,
        r.payment_intent_id,
        r.customer_id,
        r.status,
        r.status_reason,
        r.reason,
        r.amount,
        r.amount_minor,
        String(r.amount_micros),
        r.asset,
        r.token_contract,
        r.source,
        r.destination,
        r.txid,
        r.env,
        r.succeeded_at,
        r.failed_at,
        jsonCell(r.metadata),
      ],
    }));
  },
};

const CUSTOMERS: ExportTable = {
  file: "customers",
  header: [
    "id",
    "created_at",
    "email",
    "address",
    "payments_count",
    "refunds_count",
    "total_paid_micros",
    "total_refunded_micros",
    "first_payment_at",
    "last_payment_at",
    "env",
  ],
  async page(db, source, after, limit) {
    const rows = await db
      .selectFrom("customers")
      .selectAll()
      .where(ownedBy(source.scope, "customers"))
      .where(inRange(source, after))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      cells: [
        r.id,
        r.created_at,
        r.email,
        r.address,
        r.payments_count,
        r.refunds_count,
        String(r.total_paid_micros),
        String(r.total_refunded_micros),
        r.first_payment_at,
        r.last_payment_at,
        r.env,
      ],
    }));
  },
};

const EVENTS: ExportTable = {
  file: "events",
  header: ["id", "created_at", "type", "env", "object_id", "data"],
  async page(db, source, after, limit) {
    const rows = await db
      .selectFrom("events")
      .select(["id", "seq", "created_at", "type", "env", "data"])
      .where(ownedBy(source.scope, "events"))
      .where(inRange(source, after))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const data: unknown = typeof r.data === "string" ? JSON.parse(r.data) : r.data;
      const object = (data as { object?: { id?: unknown } } | null)?.object;
      return {
        seq: Number(r.seq),
        cells: [
          r.id,
          r.created_at,
          r.type,
          r.env,
          typeof object?.id === "string" ? object.id : null,
          jsonCell(data),
        ],
      };
    });
  },
};

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

const AUDIT_LOG: ExportTable = {
  file: "audit_log",
  header: [
    "id",
    "created_at",
    "action",
    "actor_type",
    "actor_id",
    "object_type",
    "object_id",
    "ip",
    "details",
  ],
  async page(db, source, after, limit) {
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .where(auditVisible(source.scope))
      .where(inRange(source, after))
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      cells: [
        r.id,
        r.created_at,
        r.action,
        r.actor_type,
        r.actor_id,
        r.object_type,
        r.object_id,
        r.ip,
        jsonCell(r.details),
      ],
    }));
  },
};

/** The files of an export, in the order they are written. */
export const EXPORT_TABLES: readonly ExportTable[] = [PAYMENTS, REFUNDS, CUSTOMERS, EVENTS, AUDIT_LOG];

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
  table: ExportTable,
  source: ExportSource,
  counts: ExportRowCounts,
  hooks: BuildHooks,
): AsyncGenerator<Buffer> {
  const limit = hooks.pageRows ?? PAGE_ROWS;
  yield Buffer.from(csvRecords([table.header]), "utf8");
  let after = 0;
  for (;;) {
    await hooks.beforePage?.();
    const rows = await table.page(db, source, after, limit);
    const last = rows.at(-1);
    if (last) {
      yield Buffer.from(csvRecords(rows.map((r) => r.cells)), "utf8");
      counts[table.file] += rows.length;
      after = last.seq;
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
