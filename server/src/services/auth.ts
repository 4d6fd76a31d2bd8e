import { randomBytes } from "node:crypto";
import type { z } from "@hono/zod-openapi";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { checkPasswordStrength, describeWeakPassword } from "../domain/password-strength.ts";
import {
  dummyPasswordHash,
  hashPassword,
  hashToken,
  newSessionToken,
  verifyPassword,
} from "../domain/secrets.ts";
import { parseStacksAddress, verifyAddressSignature } from "../domain/stacks-address.ts";
import type { Deps } from "../http/context.ts";
import type { SessionGrantSchema, UserSchema } from "../http/schemas.ts";
import { assertAuditThrottle, recordAudit } from "./audit-log.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { queueSecurityAlert } from "./mail/security-alerts.ts";
import { describeDevice, endOtherSessions } from "./sessions.ts";
import { issueSecondFactorChallenge, type SecondFactorChallenge } from "./two-factor/challenge.ts";
import { hasSecondFactor } from "./two-factor/factors.ts";
import { transaction } from "./write-transaction.ts";

/** SPEC.md §5: a merchant created without a name is 'My Business'. */
export const DEFAULT_MERCHANT_NAME = "My Business";
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** The window the per-account sign-in throttle counts failures in. */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** Where a request came from, for the audit log and the sessions list. */
export interface RequestOrigin {
  ip: string | null;
  /** The User-Agent, kept with a session so its member can recognise the device. */
  userAgent?: string | null;
}

/** Refuses a guessable password with the estimator's reason, naming the field that carried it. */
function assertStrongPassword(password: string, context: string[], param: string): void {
  const strength = checkPasswordStrength(password, context);
  if (!strength.ok)
    throw new ApiError("password_too_weak", { message: describeWeakPassword(strength), param });
}

export type UserView = z.infer<typeof UserSchema>;

export type SessionGrant = z.infer<typeof SessionGrantSchema>;

/** What a first factor earns: a session, or a challenge for the account's second factor. */
export type SignInResult = SessionGrant | SecondFactorChallenge;

export async function userView(db: Db, user: UserRow): Promise<UserView> {
  const merchant = await db
    .selectFrom("merchants")
    .select("id")
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return {
    id: user.id,
    object: "user",
    email: user.email,
    name: user.name,
    merchant_id: merchant?.id ?? null,
    wallet_address: user.wallet_address,
    created_at: user.created_at,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** @param secondFactorAt when the sign-in proved the second factor (null: it did not). */
async function openSession(
  deps: Deps,
  db: Db,
  userId: string,
  origin: RequestOrigin,
  secondFactorAt: number | null = null,
): Promise<{ token: string; expires_at: number }> {
  const token = newSessionToken();
  const now = nowSeconds();
  const expires_at = now + deps.config.sessionTtlSeconds;
  await db
    .insertInto("sessions")
    .values({
      id: newId("session"),
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at,
      revoked_at: null,
      second_factor_at: secondFactorAt,
      user_agent: origin.userAgent ?? null,
      ip: origin.ip,
      last_seen_at: now,
    })
    .execute();
  return { token, expires_at };
}

/**
 * Whether this sign-in comes from a device the account has not signed in from before (no earlier
 * session with the same User-Agent): the account's owner is then told by mail, so a stolen password
 * does not go unnoticed.
 */
async function isNewDevice(db: Db, userId: string, origin: RequestOrigin): Promise<boolean> {
  const seen = await db
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", userId)
    .where("user_agent", origin.userAgent ? "=" : "is", origin.userAgent ?? null)
    .limit(1)
    .executeTakeFirst();
  return seen === undefined;
}

/** Opens the session a completed sign-in earned and records it (`details` says how it was made). */
export async function grantSession(
  deps: Deps,
  trx: Db,
  user: UserRow,
  origin: RequestOrigin,
  details: Record<string, unknown>,
  secondFactorAt: number | null,
): Promise<SessionGrant> {
  const newDevice = await isNewDevice(trx, user.id, origin);
  const session = await openSession(deps, trx, user.id, origin, secondFactorAt);
  if (newDevice && user.email)
    await queueSecurityAlert(trx, deps.secrets, {
      userId: user.id,
      email: user.email,
      alert: { kind: "new_sign_in", device: describeDevice(origin.userAgent ?? null), ip: origin.ip },
    });
  await recordAudit(trx, {
    action: "user.signed_in",
    actor: { kind: "user", userId: user.id },
    ip: origin.ip,
    object: { type: "user", id: user.id },
    details,
  });
  return { user: await userView(trx, user), session_id: session.token, expires_at: session.expires_at };
}

/**
 * The end of a first factor: the session, unless the account has a second factor. Then no session
 * is opened (whatever the first factor was, a password, a wallet): the answer is a challenge the
 * second factor must meet at POST /v1/auth/two-factor/verify.
 */
async function afterFirstFactor(
  deps: Deps,
  trx: Db,
  user: UserRow,
  origin: RequestOrigin,
  details: { method: "password" | "wallet"; address?: string },
): Promise<SignInResult> {
  if (await hasSecondFactor(trx, user.id)) return issueSecondFactorChallenge(trx, user.id, details.method);
  return grantSession(deps, trx, user, origin, details, null);
}

async function createUserWithMerchant(
  db: Db,
  values: { email: string | null; name: string; password_hash: string | null; wallet_address: string | null },
): Promise<UserRow> {
  const now = nowSeconds();
  const user = await db
    .insertInto("users")
    .values({ id: newId("user"), created_at: now, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("merchants")
    .values({
      id: newId("merchant"),
      user_id: user.id,
      name: DEFAULT_MERCHANT_NAME,
      wallet_address: values.wallet_address,
      website_url: null,
      business_description: null,
      created_at: now,
    })
    .execute();
  return user;
}

/** SPEC.md §5: registration derives the name from the part of the email before @. */
export async function register(
  deps: Deps,
  input: { email: string; password: string; name?: string | undefined },
  origin: RequestOrigin,
): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  const name = input.name?.trim() || email.split("@")[0] || email;
  assertStrongPassword(input.password, [email, name], "password");
  const password_hash = await hashPassword(input.password, deps.config.scryptLog2N);
  try {
    return await transaction(deps, async (trx) => {
      const user = await createUserWithMerchant(trx, { email, name, password_hash, wallet_address: null });
      const session = await openSession(deps, trx, user.id, origin);
      await recordAudit(trx, {
        action: "user.registered",
        actor: { kind: "user", userId: user.id },
        ip: origin.ip,
        object: { type: "user", id: user.id },
        details: { method: "password" },
      });
      return { user: await userView(trx, user), session_id: session.token, expires_at: session.expires_at };
    });
  } catch (err) {
    if (isUniqueViolation(err, "email")) throw new ApiError("email_already_exists", { param: "email" });
    throw err;
  }
}

export async function login(
  deps: Deps,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SignInResult> {
  const user = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normalizeEmail(input.email))
    .executeTakeFirst();
  if (user) await assertSignInNotThrottled(deps, user.id);
  // Always run scrypt so response time does not reveal whether the email exists.
  const valid = await verifyPassword(
    input.password,
    user?.password_hash ?? dummyPasswordHash(deps.config.scryptLog2N),
  );
  if (!user?.password_hash || !valid) {
    if (user)
      await recordAudit(deps.db, {
        action: "user.sign_in_failed",
        actor: { kind: "user", userId: user.id },
        ip: origin.ip,
        object: { type: "user", id: user.id },
        details: { method: "password" },
      });
    throw new ApiError("invalid_credentials");
  }
  return transaction(deps, (trx) => afterFirstFactor(deps, trx, user, origin, { method: "password" }));
}

/**
 * Per-account throttle on password sign-in, whatever IP the guesses come from (the per-IP limiter
 * cannot see a botnet). Its memory is the audit log's `user.sign_in_failed` entries, so every API
 * process and a restart see the same count. After `signInFailuresPerAccount` failures within 15
 * minutes the account's password sign-in answers 429 until the oldest of them ages out; refused
 * attempts are not recorded, so the lock ends at most 15 minutes after the attacker's last counted
 * guess, and wallet sign-in and existing sessions are never affected.
 */
async function assertSignInNotThrottled(deps: Deps, userId: string): Promise<void> {
  await assertAuditThrottle(deps.db, {
    userId,
    action: "user.sign_in_failed",
    limit: deps.config.signInFailuresPerAccount,
    windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
    code: "sign_in_throttled",
  });
}

export async function logout(deps: Deps, sessionId: string): Promise<void> {
  await deps.db
    .updateTable("sessions")
    .set({ revoked_at: nowSeconds() })
    .where("id", "=", sessionId)
    .execute();
}

export async function currentUser(deps: Deps, userId: string): Promise<UserView> {
  const user = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return userView(deps.db, user);
}

/** Changes the user's name and/or email (emails stay unique across accounts). */
export async function updateProfile(
  deps: Deps,
  userId: string,
  input: { name?: string | undefined; email?: string | undefined },
): Promise<UserView> {
  const changes: { name?: string; email?: string } = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.email !== undefined) changes.email = normalizeEmail(input.email);
  if (Object.keys(changes).length > 0) {
    try {
      await deps.db.updateTable("users").set(changes).where("id", "=", userId).execute();
    } catch (err) {
      if (isUniqueViolation(err, "email")) throw new ApiError("email_already_exists", { param: "email" });
      throw err;
    }
  }
  return currentUser(deps, userId);
}

/**
 * Sets a new password after checking the current one (a wallet-only account, which has none, may
 * set its first password without it). Every other session of the user is signed out.
 */
export async function changePassword(
  deps: Deps,
  session: { userId: string; sessionId: string },
  input: { current_password?: string | undefined; new_password: string },
  origin: RequestOrigin,
): Promise<void> {
  const user = await deps.db
    .selectFrom("users")
    .select(["password_hash", "email", "name"])
    .where("id", "=", session.userId)
    .executeTakeFirstOrThrow();
  if (user.password_hash) {
    const valid = await verifyPassword(input.current_password ?? "", user.password_hash);
    if (!valid) throw new ApiError("current_password_incorrect", { param: "current_password" });
  }
  assertStrongPassword(input.new_password, [user.email ?? "", user.name], "new_password");
  const password_hash = await hashPassword(input.new_password, deps.config.scryptLog2N);
  await transaction(deps, async (trx) => {
    await trx.updateTable("users").set({ password_hash }).where("id", "=", session.userId).execute();
    await recordAudit(trx, {
      action: "user.password_changed",
      actor: { kind: "user", userId: session.userId },
      ip: origin.ip,
      object: { type: "user", id: session.userId },
    });
    await endOtherSessions(trx, session.userId, session.sessionId);
  });
}

export type ChallengePurpose = "sign_in" | "payout_wallet";

export interface WalletChallenge {
  message: string;
  nonce: string;
  address: string;
  issued_at: number;
  expires_at: number;
}

/**
 * A single-use message to sign (SIWE-like): domain, address, statement, nonce, issued-at and
 * expiry. Stored server-side so the verifier never trusts the text the browser sends back.
 */
export async function issueWalletChallenge(
  deps: Deps,
  address: string,
  purpose: ChallengePurpose,
): Promise<WalletChallenge> {
  const parsed = parseStacksAddress(address);
  if (!parsed?.singleSig) throw new ApiError("invalid_address", { param: "address" });
  const nonce = randomBytes(16).toString("hex");
  const issued_at = nowSeconds();
  const expires_at = issued_at + CHALLENGE_TTL_SECONDS;
  const url = new URL(deps.config.publicUrl);
  const statement =
    purpose === "sign_in"
      ? "Sign in to sPay."
      : "Verify this wallet as the payout wallet of your sPay workspace.";
  const message = [
    `${url.host} wants you to sign in with your Stacks account:`,
    address,
    "",
    statement,
    "",
    `URI: ${url.origin}`,
    `Network: ${parsed.network}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date(issued_at * 1000).toISOString()}`,
    `Expiration Time: ${new Date(expires_at * 1000).toISOString()}`,
  ].join("\n");
  await deps.db
    .insertInto("wallet_challenges")
    .values({ nonce, address, message, purpose, created_at: issued_at, expires_at, used_at: null })
    .execute();
  return { message, nonce, address, issued_at, expires_at };
}

/**
 * Deletes challenges past their expiry, used or not — wallet sign-in messages, second-factor
 * challenges and passkey challenges: an expired challenge can never be consumed, so keeping it
 * only lets requests grow the tables (a passkey sign-in's options are asked for anonymously).
 * Run by the maintenance loop.
 */
export async function purgeExpiredChallenges(db: Db, now = nowSeconds()): Promise<number> {
  const deleted = await Promise.all(
    (["wallet_challenges", "second_factor_challenges", "passkey_challenges"] as const).map((table) =>
      db.deleteFrom(table).where("expires_at", "<=", now).executeTakeFirst(),
    ),
  );
  return deleted.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

export interface SignedChallenge {
  address: string;
  signature: string;
  public_key: string;
  /** The challenge's nonce or its full message text. */
  nonce?: string | undefined;
  message?: string | undefined;
}

/**
 * Consumes a challenge after checking it: issued by us, for this address and purpose, unused,
 * fresh, signed by a key that maps to the address (version byte included).
 */
export async function consumeWalletChallenge(
  db: Db,
  input: SignedChallenge,
  purpose: ChallengePurpose,
): Promise<string> {
  let query = db.selectFrom("wallet_challenges").selectAll();
  if (input.nonce) query = query.where("nonce", "=", input.nonce);
  else if (input.message) query = query.where("message", "=", input.message);
  else
    throw new ApiError("parameter_missing", {
      param: "nonce",
      message: "Send the challenge's nonce or message",
    });
  const challenge = await query.executeTakeFirst();
  if (!challenge || challenge.purpose !== purpose || challenge.address !== input.address) {
    throw new ApiError("challenge_not_found", { param: "nonce" });
  }
  if (challenge.used_at !== null) throw new ApiError("challenge_used", { param: "nonce" });
  const now = nowSeconds();
  if (challenge.expires_at <= now) throw new ApiError("challenge_expired", { param: "nonce" });
  const check = verifyAddressSignature({
    address: input.address,
    message: challenge.message,
    signature: input.signature,
    publicKey: input.public_key,
  });
  if (!check.ok)
    throw new ApiError(check.reason, { param: check.reason === "invalid_address" ? "address" : "signature" });
  const consumed = await db
    .updateTable("wallet_challenges")
    .set({ used_at: now })
    .where("nonce", "=", challenge.nonce)
    .where("used_at", "is", null)
    .returning("message")
    .executeTakeFirst();
  if (!consumed) throw new ApiError("challenge_used", { param: "nonce" });
  return challenge.message;
}

/**
 * Sign-in with a Stacks wallet: the account is the address (SPEC.md: a merchant's identity is a
 * Stacks wallet). An address no account signs in with yet, but which a workspace owner verified as
 * their payout wallet (signing a challenge with it, as now), is that owner: the wallet is linked to
 * their account rather than opening a new, empty one. Otherwise the first sign-in creates the account.
 */
export async function walletSignIn(
  deps: Deps,
  input: SignedChallenge,
  origin: RequestOrigin,
): Promise<SignInResult> {
  return transaction(deps, async (trx) => {
    await consumeWalletChallenge(trx, input, "sign_in");
    let user =
      (await trx
        .selectFrom("users")
        .selectAll()
        .where("wallet_address", "=", input.address)
        .executeTakeFirst()) ?? (await linkPayoutWalletOwner(trx, input.address, origin));
    if (!user) {
      const name = `${input.address.slice(0, 5)}…${input.address.slice(-4)}`;
      user = await createUserWithMerchant(trx, {
        email: null,
        name,
        password_hash: null,
        wallet_address: input.address,
      });
      await recordAudit(trx, {
        action: "user.registered",
        actor: { kind: "user", userId: user.id },
        ip: origin.ip,
        object: { type: "user", id: user.id },
        details: { method: "wallet", address: input.address },
      });
    }
    return afterFirstFactor(deps, trx, user, origin, { method: "wallet", address: input.address });
  });
}

/**
 * The owner of the earliest workspace that verified `address` as its payout wallet, with the
 * wallet now linked as their sign-in (only to an account without one: a link never moves).
 */
async function linkPayoutWalletOwner(trx: Db, address: string, origin: RequestOrigin) {
  const owner = await trx
    .selectFrom("workspace_wallets as ww")
    .innerJoin("workspaces as w", "w.id", "ww.workspace_id")
    .innerJoin("organization_members as m", "m.organization_id", "w.organization_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "ww.workspace_id"])
    .where("ww.stacks_address", "=", address)
    .where("m.role", "=", "owner")
    .where("u.wallet_address", "is", null)
    .orderBy("ww.verified_at")
    .limit(1)
    .executeTakeFirst();
  if (!owner) return undefined;
  const linked = await trx
    .updateTable("users")
    .set({ wallet_address: address })
    .where("id", "=", owner.id)
    .where("wallet_address", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (linked) {
    await recordAudit(trx, {
      action: "user.wallet_linked",
      actor: { kind: "user", userId: linked.id },
      ip: origin.ip,
      object: { type: "user", id: linked.id },
      details: { address, payout_wallet_of: owner.workspace_id },
    });
  }
  return linked;
}
