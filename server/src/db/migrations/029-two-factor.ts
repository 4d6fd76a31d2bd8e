import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * A second factor for signing in: an authenticator app (TOTP, RFC 6238) with single-use recovery
 * codes.
 *
 * - `user_totp`: at most one authenticator per user. Its secret must be read back to check codes,
 *   so it is sealed by the server's secret box, never stored in the clear. It is pending until the
 *   user confirms a first code (`confirmed_at`); `last_used_step` is the newest time step a code was
 *   accepted for, so a code is accepted once.
 * - `recovery_codes`: only keyed hashes; a code is spent by setting `used_at`.
 * - `second_factor_challenges`: the short-lived token a first factor (password, wallet) answers
 *   with when the account has a second factor, kept as a hash; it is spent once (`used_at`) and
 *   dies after a few wrong codes (`attempts`).
 * - `sessions.second_factor_at`: when the session last proved the second factor, for the actions
 *   that need a recent proof.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table user_totp (
      user_id text primary key references users(id) on delete cascade,
      secret_sealed text not null,
      created_at bigint not null,
      confirmed_at bigint,
      last_used_step bigint
    );

    create table recovery_codes (
      user_id text not null references users(id) on delete cascade,
      code_hash text not null,
      created_at bigint not null,
      used_at bigint,
      primary key (user_id, code_hash)
    );

    create table second_factor_challenges (
      token_hash text primary key,
      user_id text not null references users(id) on delete cascade,
      first_factor text not null check (first_factor in ('password', 'wallet')),
      attempts integer not null default 0,
      created_at bigint not null,
      expires_at bigint not null,
      used_at bigint
    );
    create index second_factor_challenges_user on second_factor_challenges(user_id);

    alter table sessions add column second_factor_at bigint;
    `,
  );
}
