import type { z } from "@hono/zod-openapi";
import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { PasskeysTable } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { nowSeconds, randomBase62 } from "../../domain/ids.ts";
import { hashToken } from "../../domain/secrets.ts";
import type { Deps } from "../../http/context.ts";
import { recordAudit } from "../audit-log.ts";
import { grantSession, type RequestOrigin, type SessionGrant } from "../auth.ts";
import { isUniqueViolation } from "../db-errors.ts";
import { queueSecurityAlert, type SecurityAlert } from "../mail/security-alerts.ts";
import { describeDevice, endOtherSessions } from "../sessions.ts";
import { transaction } from "../write-transaction.ts";
import { liveChallenge } from "./challenge.ts";
import type { PasskeySchema } from "./schemas.ts";
import { assertFreshSecondFactor } from "./step-up.ts";
import {
  authenticationOptions,
  challengeOf,
  keepChallenge,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  pendingChallenge,
  relyingParty,
  spendAssertion,
  spendChallenge,
  transportsOf,
  userHandleOf,
  verifyAssertion,
} from "./webauthn.ts";

/**
 * A user's passkeys: adding one (a WebAuthn registration), naming, listing and removing them, and
 * the options of each ceremony that uses one — as the second factor of a sign-in, to step up, and
 * alone, to sign in without a password.
 */

export type PasskeyView = z.infer<typeof PasskeySchema>;
type SessionRef = { userId: string; sessionId: string };

/** `passkey_` and 24 base62 characters: the id the API names a passkey by (not the credential's own). */
function newPasskeyId(): string {
  return `passkey_${randomBase62(24)}`;
}

function view(row: Selectable<PasskeysTable>): PasskeyView {
  return {
    id: row.id,
    object: "passkey",
    name: row.name,
    backed_up: row.backed_up,
    transports: transportsOf(row.transports),
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

async function passkeysOf(db: Db, userId: string) {
  return db
    .selectFrom("passkeys")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Tells the account's address of a passkey added or removed, in the change's transaction. */
async function alertAccount(deps: Deps, trx: Db, userId: string, alert: SecurityAlert): Promise<void> {
  const user = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (user?.email) await queueSecurityAlert(trx, deps.secrets, { userId, email: user.email, alert });
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  return (await passkeysOf(db, userId)).map(view);
}

/**
 * Options to create a passkey for the signed-in user, their challenge kept for this session. A
 * user who already has a second factor must have proved it recently: a stolen session alone must
 * not add a key of its own, which would then pass every step-up.
 */
export async function passkeyRegistrationOptions(
  deps: Deps,
  session: SessionRef,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await assertFreshSecondFactor(deps, session);
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "email", "wallet_address", "name"])
    .where("id", "=", session.userId)
    .executeTakeFirstOrThrow();
  const rp = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userID: userHandleOf(user.id),
    userName: user.email ?? user.wallet_address ?? user.name,
    userDisplayName: user.name,
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: "none",
    // The authenticator already holding one of the user's passkeys says so instead of making another.
    excludeCredentials: (await passkeysOf(deps.db, user.id)).map((p) => ({
      id: p.credential_id,
      transports: transportsOf(p.transports),
    })),
    // Discoverable where the authenticator can, so the passkey can also sign in on its own.
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(deps.db, options.challenge, "registration", user.id, session.sessionId);
  return options;
}

/**
 * Adds the passkey the browser created from this session's registration options: made for this
 * relying party, on one of the dashboard's origins, answering the options' challenge (spent now).
 * The session counts as having just proved a second factor; the user's other sessions are signed
 * out, and the account's address is told.
 */
export async function registerPasskey(
  deps: Deps,
  session: SessionRef,
  input: { name?: string | undefined; response: RegistrationResponseJSON },
  origin: RequestOrigin,
): Promise<PasskeyView> {
  await assertFreshSecondFactor(deps, session);
  const invalid = () => new ApiError("passkey_registration_invalid", { param: "response" });
  const pending = await pendingChallenge(
    deps.db,
    challengeOf(input.response.response.clientDataJSON),
    "registration",
  );
  if (!pending || pending.user_id !== session.userId || pending.bound_to !== session.sessionId)
    throw invalid();
  const rp = relyingParty(deps.config);
  let registration: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      // A security key without a PIN is still a good second factor; signing in alone asks for more.
      requireUserVerification: false,
    });
    registration = result.registrationInfo;
  } catch {
    throw invalid();
  }
  if (!registration) throw invalid();
  const { credential, credentialBackedUp } = registration;
  const name = input.name?.trim() || describeDevice(origin.userAgent ?? null) || "Passkey";
  try {
    return await transaction(deps, async (trx) => {
      if (!(await spendChallenge(trx, pending.challenge))) throw invalid();
      const now = nowSeconds();
      const row = await trx
        .insertInto("passkeys")
        .values({
          id: newPasskeyId(),
          user_id: session.userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? input.response.response.transports ?? []),
          backed_up: credentialBackedUp,
          name,
          created_at: now,
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("sessions")
        .set({ second_factor_at: now })
        .where("id", "=", session.sessionId)
        .execute();
      await endOtherSessions(trx, session.userId, session.sessionId);
      await alertAccount(deps, trx, session.userId, { kind: "passkey_added", name });
      await recordAudit(trx, {
        action: "user.passkey_added",
        actor: { kind: "user", userId: session.userId },
        ip: origin.ip,
        object: { type: "user", id: session.userId },
        details: { passkey: row.id, name },
      });
      return view(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, "credential_id")) throw new ApiError("passkey_already_registered");
    throw err;
  }
}

export async function renamePasskey(
  deps: Deps,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyView> {
  const row = await deps.db
    .updateTable("passkeys")
    .set({ name: name.trim() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound("passkey", id);
  return view(row);
}

/**
 * Removes one of the user's passkeys. It needs a second factor proved in the last five minutes (a
 * stolen session alone cannot take a factor off); the user's other sessions are signed out and the
 * account's address is told.
 */
export async function removePasskey(
  deps: Deps,
  session: SessionRef,
  id: string,
  origin: RequestOrigin,
): Promise<void> {
  await assertFreshSecondFactor(deps, session);
  await transaction(deps, async (trx) => {
    const removed = await trx
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("user_id", "=", session.userId)
      .returning(["id", "name"])
      .executeTakeFirst();
    if (!removed) throw notFound("passkey", id);
    await endOtherSessions(trx, session.userId, session.sessionId);
    await alertAccount(deps, trx, session.userId, { kind: "passkey_removed", name: removed.name });
    await recordAudit(trx, {
      action: "user.passkey_removed",
      actor: { kind: "user", userId: session.userId },
      ip: origin.ip,
      object: { type: "user", id: session.userId },
      details: { passkey: removed.id, name: removed.name },
    });
  });
}

async function ownPasskeysOrRefuse(db: Db, userId: string) {
  const passkeys = await passkeysOf(db, userId);
  if (passkeys.length === 0)
    throw new ApiError("two_factor_not_enabled", { message: "This account has no passkey" });
  return passkeys;
}

/** Options for a passkey to meet the second-factor challenge `challengeToken` of a sign-in. */
export async function secondFactorPasskeyOptions(
  deps: Deps,
  challengeToken: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await liveChallenge(deps.db, challengeToken);
  const passkeys = await ownPasskeysOrRefuse(deps.db, challenge.user_id);
  return authenticationOptions(
    deps,
    { purpose: "second_factor", userId: challenge.user_id, boundTo: hashToken(challengeToken) },
    passkeys,
  );
}

/** Options for a passkey to prove the second factor again for this session, at step-up. */
export async function stepUpPasskeyOptions(
  deps: Deps,
  session: SessionRef,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await ownPasskeysOrRefuse(deps.db, session.userId);
  return authenticationOptions(
    deps,
    { purpose: "step_up", userId: session.userId, boundTo: session.sessionId },
    passkeys,
  );
}

/**
 * Options to sign in with a passkey alone: no account named (the browser offers the passkeys it
 * holds for this site), and the authenticator must verify its user.
 */
export async function signInPasskeyOptions(deps: Deps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return authenticationOptions(deps, { purpose: "sign_in", userId: null, boundTo: null }, []);
}

/**
 * Signs in with a passkey alone. The passkey names its account; an authenticator that verified its
 * user (PIN, biometrics) is two factors in one — something held and something known or been — so
 * the session starts as having proved the second factor, and no challenge follows.
 */
export async function signInWithPasskey(
  deps: Deps,
  response: AuthenticationResponseJSON,
  origin: RequestOrigin,
): Promise<SessionGrant> {
  const verified = await verifyAssertion(deps, deps.db, response, {
    purpose: "sign_in",
    userId: null,
    boundTo: null,
    requireUserVerification: true,
  });
  if (!verified) throw new ApiError("passkey_invalid", { param: "response" });
  return transaction(deps, async (trx) => {
    if (!(await spendAssertion(trx, verified))) throw new ApiError("passkey_invalid", { param: "response" });
    const user = await trx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", verified.passkey.user_id)
      .executeTakeFirstOrThrow();
    return grantSession(
      deps,
      trx,
      user,
      origin,
      { method: "passkey", passkey: verified.passkey.id },
      nowSeconds(),
    );
  });
}
