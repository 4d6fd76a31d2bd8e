import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { AnnouncingSource } from "./announcements.ts";
import { migrationProvider } from "./migrations/index.ts";
import {
  type NotificationSource,
  pgliteNotifications,
  pgNotifications,
  TrackedSource,
} from "./notifications.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { PREPARED, prepareMarkedStatements } from "./prepared.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | {
      kind: "pglite";
      dataDir: string | null /* null = in memory */;
      /** A data directory dumped by {@link DatabaseHandle.dumpDataDir} to start from, instead of initdb. */
      image?: Blob;
    }
  | { kind: "postgres"; url: string; poolSize: number; schema?: string };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget["kind"];
  /** LISTEN on this database (PGlite in process, or a dedicated PostgreSQL connection); closed by close(). */
  notifications: NotificationSource;
  /** PGlite only: the data directory as a tar, from which another in-memory database can start. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Opens the database. int8 columns (times, amounts in cents, seq) come back as JS numbers on both engines. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
    const pglite = new PGlite(target.dataDir ?? undefined, {
      parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => v },
      ...(target.image ? { loadDataDir: target.image } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    // One process owns a PGlite directory: its announcements have no other process to reach.
    const notifications = new TrackedSource(
      new AnnouncingSource(pgliteNotifications(pglite, db as Kysely<unknown>), null),
    );
    return {
      db,
      kind: "pglite",
      notifications,
      dumpDataDir: () => pglite.dumpDataDir("none"),
      close: () => closeBoth(notifications, db),
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize,
    // A fixed-size pool (as HikariCP advises): a connection, once opened, stays. Closing idle ones
    // after a burst only to reopen them on the next query costs each new backend its catalog
    // caches — thousands of catalog reads, more than the settlement watcher's own queries.
    min: target.poolSize,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        if (oid === INT8_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a checked-out one (held by a transaction between two queries): pg emits 'error' on the
  // client itself, and with no listener that is an uncaught exception. Its next query fails instead
  // (mapped to 503 database_unavailable), and the pool discards it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  prepareMarkedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Announcements reach other processes as one NOTIFY per batch, in its own short transaction.
  const broadcast = async (channel: string, payloads: string[]) => {
    await pool.query(`${PREPARED}select pg_notify($1, payload) from unnest($2::text[]) as payload`, [
      channel,
      payloads,
    ]);
  };
  const notifications = new TrackedSource(
    new AnnouncingSource(pgNotifications({ connectionString: target.url }), broadcast),
  );
  return { db, kind: "postgres", notifications, close: () => closeBoth(notifications, db) };
}

/** Listens first: a LISTEN connection outliving its database would only retry against nothing. */
async function closeBoth(notifications: TrackedSource, db: Db): Promise<void> {
  await notifications.closeAll();
  await db.destroy();
}

/** Applies pending migrations; safe with several processes starting at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}
