import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Data exports: one ZIP of a workspace's payments, refunds, customers, events and audit log over a
 * date range, built in the background and downloaded by a short-lived signed link.
 *
 * - `exports` is an outbox the export worker drains by lease (services/outbox/claim.ts): `pending`
 *   until a worker has built the file (the API says `running` while a worker holds the lease), then
 *   `ready` for 7 days, then `expired` once the worker has deleted the file; `failed` after the last
 *   attempt. `environment_id` is the environment the export covers: an API key's own, or the one a
 *   session named; null when a session asked for the whole workspace. `requested_by_*` is who asked:
 *   the member mailed when it is ready, and the actor of the audit entries of its downloads.
 *   `file_attempt` names the attempt whose bytes are the file (an attempt that lost its lease never
 *   overwrites another's).
 * - `export_files` holds the file's bytes on PostgreSQL, in parts of about a megabyte, so neither the
 *   worker nor a download ever holds a whole file in memory; the embedded server keeps the files in
 *   its data folder instead, as it does product images.
 * - Account mail gains the kind `export_ready`. The check keeps its name, so later migrations that
 *   widen it again find it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table exports (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text references environments(id) on delete cascade,
      env text check (env in ('test', 'live')),
      requested_by_type text not null check (requested_by_type in ('user', 'api_key')),
      requested_by_id text not null,
      range_from bigint not null,
      range_to bigint not null,
      status text not null default 'pending' check (status in ('pending', 'ready', 'failed', 'expired')),
      attempt_count integer not null default 0,
      next_attempt_at bigint not null,
      locked_until bigint,
      last_error text,
      row_counts jsonb,
      file_attempt integer,
      size_bytes bigint,
      created_at bigint not null,
      updated_at bigint not null,
      completed_at bigint,
      expires_at bigint not null,
      check ((environment_id is null) = (env is null))
    );
    create index exports_workspace on exports(workspace_id, seq);
    create index exports_due on exports(next_attempt_at) where status = 'pending';
    create index exports_expiring on exports(expires_at) where status = 'ready';

    create table export_files (
      export_id text not null references exports(id) on delete cascade,
      attempt integer not null,
      part integer not null,
      bytes bytea not null,
      primary key (export_id, attempt, part)
    );

    alter table account_mail drop constraint account_mail_kind_check;
    alter table account_mail add constraint account_mail_kind_check
      check (kind in ('invitation', 'security_alert', 'export_ready'));
    `,
  );
}
