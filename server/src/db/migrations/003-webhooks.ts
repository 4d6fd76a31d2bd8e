import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Webhooks: endpoints (secrets encrypted at rest), one delivery per event × endpoint (plus manual
 * redeliveries), and a log of every attempt. Events are fanned out from the outbox by the worker,
 * so state changes never wait on endpoint lookups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table server_settings (
      key text primary key,
      value text not null
    );
    alter table events add column fanned_out boolean not null default false;
    create index events_pending_fanout on events(seq) where fanned_out = false;
    create table webhook_endpoints (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      env text not null check (env in ('test', 'live')),
      url text not null,
      description text,
      enabled_events jsonb not null,
      status text not null check (status in ('enabled', 'disabled')),
      disabled_reason text,
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_secret_expires_at bigint,
      failing_since bigint,
      created_at bigint not null,
      updated_at bigint not null
    );
    create index webhook_endpoints_workspace on webhook_endpoints(workspace_id, env);
    create table webhook_deliveries (
      id text primary key,
      event_id text not null references events(id) on delete cascade,
      endpoint_id text not null references webhook_endpoints(id) on delete cascade,
      manual boolean not null,
      state text not null check (state in ('pending', 'succeeded', 'failed', 'canceled')),
      attempt_count integer not null default 0,
      next_attempt_at bigint not null,
      locked_until bigint,
      last_status integer,
      created_at bigint not null,
      updated_at bigint not null
    );
    create index webhook_deliveries_due on webhook_deliveries(next_attempt_at) where state = 'pending';
    create index webhook_deliveries_event on webhook_deliveries(event_id);
    create table webhook_attempts (
      id text primary key,
      seq bigserial not null,
      delivery_id text not null references webhook_deliveries(id) on delete cascade,
      event_id text not null references events(id) on delete cascade,
      endpoint_id text not null references webhook_endpoints(id) on delete cascade,
      attempt integer not null,
      attempted_at bigint not null,
      status_code integer,
      latency_ms integer not null,
      response_excerpt text,
      error text,
      succeeded boolean not null
    );
    create index webhook_attempts_event on webhook_attempts(event_id, seq)
  `,
  );
}
