import { type Kysely, sql } from "kysely";

/**
 * API keys and the workspace facts intent creation reads announce their changes,
 * so an API process may keep them in memory (services/key-cache.ts) and still refuse a revoked key
 * on its very next request, in every process. At commit:
 * - `key:<id>` on every change that alters what a key may do — state (revoked, disabled, enabled),
 *   scopes, hash, environment, workspace, type — and on deletion (also by cascade);
 * - `workspace:<id>` on any change to the workspace's environments (a new one, a removed one, a
 *   sandbox turned production), its payout wallet, or the setting creation reads
 *   (`allow_browser_amounts`); a deleted workspace takes its environments along, which notify.
 *
 * `last_used_at` alone does not notify: authentication writes it once a minute per key and it
 * changes no permission. Triggers, not calls in the services, so no writer can forget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement each: PL/pgSQL bodies contain `;`, which executeScript would split on.
  await sql`
    create function spay_notify_api_key() returns trigger language plpgsql as $$
    begin
      perform pg_notify('spay_api_keys', 'key:' || old.id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger api_keys_notify_update after update on api_keys
      for each row when (
        (old.state, old.scopes, old.key_hash, old.environment_id, old.workspace_id, old.type, old.env)
          is distinct from
        (new.state, new.scopes, new.key_hash, new.environment_id, new.workspace_id, new.type, new.env)
      )
      execute function spay_notify_api_key()`.execute(db);
  await sql`
    create trigger api_keys_notify_delete after delete on api_keys
      for each row execute function spay_notify_api_key()`.execute(db);
  // The workspace's id is the column named by the trigger's argument; TG_OP tells which row exists
  // (NEW on insert, OLD on delete, both on update: a row moved between workspaces tells both).
  await sql`
    create function spay_notify_workspace() returns trigger language plpgsql as $$
    begin
      if TG_OP <> 'INSERT' then
        perform pg_notify('spay_api_keys', 'workspace:' || (to_jsonb(old) ->> TG_ARGV[0]));
      end if;
      if TG_OP <> 'DELETE' then
        perform pg_notify('spay_api_keys', 'workspace:' || (to_jsonb(new) ->> TG_ARGV[0]));
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger environments_notify after insert or update or delete on environments
      for each row execute function spay_notify_workspace('workspace_id')`.execute(db);
  await sql`
    create trigger workspace_wallets_notify after insert or update or delete on workspace_wallets
      for each row execute function spay_notify_workspace('workspace_id')`.execute(db);
  await sql`
    create trigger workspaces_notify after update on workspaces
      for each row when (old.allow_browser_amounts is distinct from new.allow_browser_amounts)
      execute function spay_notify_workspace('id')`.execute(db);
}
