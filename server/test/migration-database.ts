import { randomBytes } from "node:crypto";
import { type Kysely, Migrator, sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { migrationProvider } from "../src/db/migrations/index.ts";
import { adminQuery } from "./database-template.ts";

/**
 * An empty database for a migration's own test, stopped before the migration: the harness's
 * databases start migrated to the latest, and a migration is proved on the rows a gateway held
 * before it. In-memory PGlite, or with SPAY_TEST_DB=postgres a private database on the server,
 * dropped at close.
 */
export interface MigrationDatabase {
  /** Untyped: the typed schema describes the latest migration, not the one under test. */
  db: Kysely<unknown>;
  migrateTo(name: string): Promise<void>;
  /** One row into `table`, with the columns the schema has at this point of the history. */
  insert(table: string, row: Record<string, string | number | boolean | null>): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openMigrationDatabase(before: string): Promise<MigrationDatabase> {
  let handle: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (process.env.SPAY_TEST_DB === "postgres") {
    const url = process.env.SPAY_TEST_DATABASE_URL;
    if (!url) throw new Error("SPAY_TEST_DB=postgres needs SPAY_TEST_DATABASE_URL");
    const name = `spay_migration_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `create database ${name}`);
    const privateUrl = new URL(url);
    privateUrl.pathname = `/${name}`;
    dropDatabase = () => adminQuery(url, `drop database if exists ${name} with (force)`);
    handle = await openDatabase({ kind: "postgres", url: privateUrl.toString(), poolSize: 2 });
  } else {
    handle = await openDatabase({ kind: "pglite", dataDir: null });
  }
  const db = handle.db as unknown as Kysely<unknown>;
  const migrateTo = async (name: string) => {
    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name);
    if (error) {
      const failed = results?.find((r) => r.status === "Error");
      throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
    }
  };
  await migrateTo(before);
  return {
    db,
    migrateTo,
    async insert(table, row) {
      const columns = Object.keys(row);
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(
        columns.map((c) => row[c]),
      )})`.execute(db);
    },
    rows: async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows,
    async close() {
      await handle.close();
      await dropDatabase?.();
    },
  };
}
