import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";

/**
 * What "has a second factor" means, written once: a confirmed authenticator app, or at least one
 * passkey. Sign-in asks for it, step-up demands it, an organization that requires it lets in only
 * members who have it, and whoever turns that requirement on must have it: all of them read this
 * expression, so a new kind of factor cannot be counted by one and forgotten by another.
 *
 * @param userId an SQL expression naming the user: a column (`sql.ref("m.user_id")`) or a value.
 */
export function hasSecondFactorSql(userId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from user_totp sf_totp
      where sf_totp.user_id = ${userId} and sf_totp.confirmed_at is not null)
    or exists (select 1 from passkeys sf_passkey where sf_passkey.user_id = ${userId}))`;
}

/** Whether the user has a second factor (see {@link hasSecondFactorSql}): then every sign-in asks for it. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ has: boolean }>`select ${hasSecondFactorSql(sql.val(userId))} as has`.execute(
    db,
  );
  return rows[0]?.has === true;
}

export type SecondFactorMethod = "totp" | "recovery_code" | "passkey";

/**
 * The ways the user can meet a second-factor challenge, for the sign-in to offer: the authenticator
 * app and its recovery codes, their passkeys.
 */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const { rows } = await sql<{ totp: boolean; recovery_code: boolean; passkey: boolean }>`select
      exists (select 1 from user_totp where user_id = ${userId} and confirmed_at is not null) as totp,
      exists (select 1 from recovery_codes where user_id = ${userId} and used_at is null) as recovery_code,
      exists (select 1 from passkeys where user_id = ${userId}) as passkey`.execute(db);
  const row = rows[0];
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push("totp");
  // An authenticator app always comes with recovery codes: offered even when all are spent, as before.
  if (row?.totp || row?.recovery_code) methods.push("recovery_code");
  if (row?.passkey) methods.push("passkey");
  return methods;
}
