import type { z } from "@hono/zod-openapi";
import type { Db } from "../../db/database.ts";
import { ApiError } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { recordAudit } from "../audit-log.ts";
import type { RequestOrigin } from "../auth.ts";
import { queueSecurityAlert, type SecurityAlert } from "../mail/security-alerts.ts";
import { endOtherSessions } from "../sessions.ts";
import { transaction } from "../write-transaction.ts";
import { hasSecondFactor } from "./factors.ts";
import { recoveryCodesRemaining, replaceRecoveryCodes } from "./recovery-codes.ts";
import type { TotpEnrollmentSchema, TwoFactorStatusSchema } from "./schemas.ts";
import { assertFreshSecondFactor } from "./step-up.ts";
import { newTotpSecret, otpauthUrl, totpStepOf } from "./totp.ts";

type SessionRef = { userId: string; sessionId: string };

/** Tells the account's address of a change to its second factor, in the change's transaction. */
async function alertAccount(deps: Deps, trx: Db, userId: string, alert: SecurityAlert): Promise<void> {
  const user = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (user?.email) await queueSecurityAlert(trx, deps.secrets, { userId, email: user.email, alert });
}
export type TotpEnrollment = z.infer<typeof TotpEnrollmentSchema>;
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const totp = await db
    .selectFrom("user_totp")
    .select("confirmed_at")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  const passkeys = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const passkeyCount = Number(passkeys.count);
  return {
    totp: {
      enabled: totp !== undefined,
      created_at: totp ? Number(totp.confirmed_at) : null,
    },
    recovery_codes_remaining: totp ? await recoveryCodesRemaining(db, userId) : 0,
    passkeys: passkeyCount,
    enabled: totp !== undefined || passkeyCount > 0,
  };
}

/**
 * Starts adding an authenticator app: a new secret, stored sealed and pending until a first code
 * confirms it (a second start replaces a pending secret; an active one must be removed first).
 * The secret is shown now, as a URL to scan and as text to type.
 */
export async function startTotpEnrollment(deps: Deps, userId: string): Promise<TotpEnrollment> {
  const user = await deps.db
    .selectFrom("users")
    .select(["email", "wallet_address", "name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const secret = newTotpSecret();
  const now = nowSeconds();
  const stored = await deps.db
    .insertInto("user_totp")
    .values({
      user_id: userId,
      secret_sealed: deps.secrets.seal(secret),
      created_at: now,
      confirmed_at: null,
      last_used_step: null,
    })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet((eb) => ({
          secret_sealed: eb.ref("excluded.secret_sealed"),
          created_at: eb.ref("excluded.created_at"),
          last_used_step: null,
        }))
        .where("user_totp.confirmed_at", "is", null),
    )
    .returning("user_id")
    .executeTakeFirst();
  if (!stored) throw new ApiError("two_factor_already_enabled");
  return { otpauth_url: otpauthUrl(secret, user.email ?? user.wallet_address ?? user.name), secret };
}

/**
 * Activates the pending authenticator with a first code from it — proof the user's app holds the
 * secret — and answers ten recovery codes, shown this once. The session that confirmed counts as
 * having just proved the factor; the user's other sessions, opened without it, are signed out.
 */
export async function confirmTotpEnrollment(
  deps: Deps,
  session: SessionRef,
  code: string,
  origin: RequestOrigin,
): Promise<{ recovery_codes: string[] }> {
  const pending = await deps.db
    .selectFrom("user_totp")
    .select(["secret_sealed", "confirmed_at"])
    .where("user_id", "=", session.userId)
    .executeTakeFirst();
  if (!pending)
    throw new ApiError("two_factor_not_enabled", {
      message: "No authenticator is being added: start with POST /v1/auth/two-factor/totp",
    });
  if (pending.confirmed_at !== null) throw new ApiError("two_factor_already_enabled");
  // A user whose passkey is their second factor proves it before adding another: a stolen session
  // alone must not give itself a factor it could then step up with.
  await assertFreshSecondFactor(deps, session);
  const step = totpStepOf(deps.secrets.open(pending.secret_sealed), code);
  if (step === null) throw new ApiError("invalid_second_factor_code", { param: "code" });
  return transaction(deps, async (trx) => {
    const now = nowSeconds();
    // The secret the code was checked against, still pending: a concurrent restart or confirm loses.
    const activated = await trx
      .updateTable("user_totp")
      .set({ confirmed_at: now, last_used_step: step })
      .where("user_id", "=", session.userId)
      .where("secret_sealed", "=", pending.secret_sealed)
      .where("confirmed_at", "is", null)
      .returning("user_id")
      .executeTakeFirst();
    if (!activated) throw new ApiError("two_factor_already_enabled");
    const recovery_codes = await replaceRecoveryCodes(deps, trx, session.userId);
    await trx
      .updateTable("sessions")
      .set({ second_factor_at: now })
      .where("id", "=", session.sessionId)
      .execute();
    await endOtherSessions(trx, session.userId, session.sessionId);
    await alertAccount(deps, trx, session.userId, { kind: "two_factor_enabled" });
    await recordAudit(trx, {
      action: "user.two_factor_enabled",
      actor: { kind: "user", userId: session.userId },
      ip: origin.ip,
      object: { type: "user", id: session.userId },
      details: { method: "totp" },
    });
    return { recovery_codes };
  });
}

/**
 * Removes the authenticator and the recovery codes. An active one needs a recent proof of it (a
 * stolen session alone cannot take the second factor off), and the user's other sessions are
 * signed out; a pending one is simply dropped.
 */
export async function removeTotp(
  deps: Deps,
  session: SessionRef,
  origin: RequestOrigin,
): Promise<TwoFactorStatus> {
  const existing = await deps.db
    .selectFrom("user_totp")
    .select("confirmed_at")
    .where("user_id", "=", session.userId)
    .executeTakeFirst();
  if (!existing) throw new ApiError("two_factor_not_enabled");
  if (existing.confirmed_at === null) {
    await deps.db
      .deleteFrom("user_totp")
      .where("user_id", "=", session.userId)
      .where("confirmed_at", "is", null)
      .execute();
    return twoFactorStatus(deps.db, session.userId);
  }
  await assertFreshSecondFactor(deps, session);
  await transaction(deps, async (trx) => {
    await trx.deleteFrom("user_totp").where("user_id", "=", session.userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", session.userId).execute();
    await trx.deleteFrom("second_factor_challenges").where("user_id", "=", session.userId).execute();
    await endOtherSessions(trx, session.userId, session.sessionId);
    await alertAccount(deps, trx, session.userId, { kind: "two_factor_disabled" });
    await recordAudit(trx, {
      action: "user.two_factor_disabled",
      actor: { kind: "user", userId: session.userId },
      ip: origin.ip,
      object: { type: "user", id: session.userId },
      details: { method: "totp" },
    });
  });
  return twoFactorStatus(deps.db, session.userId);
}

/** Replaces every recovery code (spent or not) with ten new ones; needs a recent proof of the factor. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  session: SessionRef,
  origin: RequestOrigin,
): Promise<{ recovery_codes: string[] }> {
  if (!(await hasSecondFactor(deps.db, session.userId))) throw new ApiError("two_factor_not_enabled");
  await assertFreshSecondFactor(deps, session);
  return transaction(deps, async (trx) => {
    const recovery_codes = await replaceRecoveryCodes(deps, trx, session.userId);
    await recordAudit(trx, {
      action: "user.recovery_codes_regenerated",
      actor: { kind: "user", userId: session.userId },
      ip: origin.ip,
      object: { type: "user", id: session.userId },
    });
    return { recovery_codes };
  });
}
