import { type Kysely, sql } from "kysely";

/**
 * Rolling a key (as Stripe does): a new key replaces the old one, which keeps
 * working until `expires_at` (seconds) and is refused after it exactly like a revoked key. A key
 * with an expiry has been rolled already and cannot be rolled again.
 *
 * Migration 012's update trigger learns the new column, so every API process forgets a cached key
 * the moment its expiry is set or moved (the cache also checks the expiry itself at each use:
 * nothing notifies when the time merely passes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys add column expires_at bigint`.execute(db);
  await sql`drop trigger api_keys_notify_update on api_keys`.execute(db);
  await sql`
    create trigger api_keys_notify_update after update on api_keys
      for each row when (
        (old.state, old.scopes, old.key_hash, old.environment_id, old.workspace_id, old.type, old.env,
          old.expires_at)
          is distinct from
        (new.state, new.scopes, new.key_hash, new.environment_id, new.workspace_id, new.type, new.env,
          new.expires_at)
      )
      execute function spay_notify_api_key()`.execute(db);
}
