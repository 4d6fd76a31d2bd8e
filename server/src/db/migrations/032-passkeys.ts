import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Passkeys (WebAuthn credentials): a second factor, and on their own a way to sign in without a
 * password.
 *
 * - `passkeys`: a user's registered credentials. The public key is all the server keeps (base64url
 *   of its COSE form): a stolen table signs nothing. `counter` is the authenticator's signature
 *   counter, which must grow with every use where the authenticator keeps one, so a cloned key shows
 *   itself. `credential_id` is unique across users: one authenticator credential is one account's.
 * - `passkey_challenges`: the random challenge each ceremony's options carry, kept until the answer
 *   comes back (five minutes) and spent once. It is bound to what it was issued for: a session
 *   (adding a passkey, stepping up), a sign-in waiting for its second factor (the hash of that
 *   challenge's token), or nothing (a sign-in with a passkey alone, where the user is not yet known).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table passkeys (
      id text primary key,
      user_id text not null references users(id) on delete cascade,
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]',
      backed_up boolean not null default false,
      name text not null,
      created_at bigint not null,
      last_used_at bigint
    );
    create index passkeys_user on passkeys(user_id);

    create table passkey_challenges (
      challenge text primary key,
      purpose text not null check (purpose in ('registration', 'second_factor', 'step_up', 'sign_in')),
      user_id text references users(id) on delete cascade,
      bound_to text,
      created_at bigint not null,
      expires_at bigint not null,
      used_at bigint
    );
    create index passkey_challenges_expiry on passkey_challenges(expires_at);
    create index passkey_challenges_bound on passkey_challenges(bound_to);
    `,
  );
}
