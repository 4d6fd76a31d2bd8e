import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * What a member sees of their own sessions, to tell a device they recognise from one they do not:
 * the browser or program that opened it (its User-Agent, as sent), the address it signed in from,
 * and when it was last used (written at most once a minute, so authentication stays a read).
 *
 * An organization may require every member to have a second factor before they reach it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table sessions add column user_agent text;
    alter table sessions add column ip text;
    alter table sessions add column last_seen_at bigint;
    alter table organizations add column require_two_factor boolean not null default false;
    `,
  );
}
