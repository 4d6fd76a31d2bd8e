import { type Kysely, sql } from "kysely";

/** Runs a DDL script statement by statement (PGlite's extended protocol takes one at a time). */
export async function executeScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
