import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";

/**
 * One migrated database per test run, copied for every test file instead of migrating per file.
 *
 * - PGlite: starting an empty in-memory PGlite runs initdb (3–4 s of CPU per file); loading a
 *   dumped data directory takes about 1 s. The dump is made once, migrated, and each file loads it.
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE` copies a migrated database file by file, without
 *   replaying the migrations.
 *
 * The copies are exact: the same migrations ran, so a file sees what a freshly migrated database
 * holds (the migrations table included, so `migrateToLatest` on a copy is a no-op, as at a restart).
 */
export type DatabaseTemplate =
  /** `image`: path of a migrated PGlite data directory, dumped as a tar. */
  | { kind: "pglite"; image: string }
  /** `name`: a migrated database on the PostgreSQL server at `server`, to copy with TEMPLATE. */
  | { kind: "postgres"; server: string; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const env = project.config.env ?? {};
  if (env.SPAY_TEST_DB === "postgres") {
    const url = env.SPAY_TEST_DATABASE_URL;
    if (!url) throw new Error("SPAY_TEST_DB=postgres needs SPAY_TEST_DATABASE_URL");
    const name = await postgresTemplate(url);
    project.provide("databaseTemplate", { kind: "postgres", server: url, name });
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  project.provide("databaseTemplate", { kind: "pglite", image: await pgliteImage() });
  return undefined;
}

/** A migrated database on the server, dropped when the run ends. */
async function postgresTemplate(url: string): Promise<string> {
  const name = `spay_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: templateUrl.toString(), poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    // A template must have no open connection while it is copied.
    await database.close();
  }
  return name;
}

/**
 * The migrated PGlite image, kept under node_modules/.cache and named by what it is made of (the
 * migrations and the PGlite version), so a run after an unrelated change starts at once. Written
 * to a temporary name and renamed, so two runs at once never read half a file.
 */
async function pgliteImage(): Promise<string> {
  const serverRoot = fileURLToPath(new URL("..", import.meta.url));
  const migrations = path.join(serverRoot, "src/db/migrations");
  const pglitePackage = await readFile(
    path.join(serverRoot, "node_modules/@electric-sql/pglite/package.json"),
  );
  const hash = createHash("sha256").update(pglitePackage);
  for (const name of (await readdir(migrations)).sort()) {
    hash.update(name);
    hash.update(await readFile(path.join(migrations, name)));
  }
  const dir = path.join(serverRoot, "node_modules/.cache/spay-test-database");
  const file = path.join(dir, `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (await exists(file)) return file;
  await mkdir(dir, { recursive: true });
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await migrateToLatest(database.db);
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error("PGlite could not dump its data directory");
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
