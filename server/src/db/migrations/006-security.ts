import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Payment integrity and tenancy:
 * - `unmatched_transfers`: transfers into a payout address whose memo names no intent. They settle
 *   nothing by themselves; the merchant may assign one to an intent by hand (audit-logged).
 * - `audit_log`: security-relevant actions with actor, time, IP and object.
 * - idempotency keys remember who made the original request (workspace, environment, credential
 *   kind) so a replay only reaches a caller who could have made it; stored bodies may be sealed.
 * - workspaces may allow custom amounts from the browser (publishable keys); off by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table unmatched_transfers (
      txid text primary key,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text references environments(id) on delete set null,
      env text not null,
      recipient text not null,
      token_contract text not null,
      asset text not null,
      amount numeric(78, 0) not null,
      sender text not null,
      memo text,
      block_height bigint,
      assigned_intent_id text references payment_intents(id) on delete set null,
      assigned_at bigint,
      assigned_by text,
      created_at bigint not null
    );
    create index unmatched_transfers_workspace on unmatched_transfers(workspace_id, env, created_at);

    create table audit_log (
      id text primary key,
      seq bigserial unique,
      workspace_id text,
      user_id text,
      actor_type text not null,
      actor_id text,
      action text not null,
      object_type text,
      object_id text,
      ip text,
      details text not null default '{}',
      created_at bigint not null
    );
    create index audit_log_workspace on audit_log(workspace_id, seq);
    create index audit_log_user on audit_log(user_id, seq);

    alter table idempotency_keys add column owner text;
    alter table idempotency_keys add column response_sealed boolean not null default false;

    alter table workspaces add column allow_browser_amounts boolean not null default false;
  `,
  );
}
