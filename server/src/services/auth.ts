import { randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import {
  dummyPasswordHash,
  hashPassword,
  hashToken,
  newSessionToken,
  verifyPassword,
} from "../domain/secrets.ts";
import { parseStacksAddress, verifyAddressSignature } from "../domain/stacks-address.ts";
import type { Deps } from "../http/context.ts";
import { isUniqueViolation } from "./db-errors.ts";

/** SPEC.md §5: a merchant created without a name is 'My Business'. */
export const DEFAULT_MERCHANT_NAME = "My Business";
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface UserView {
  id: string;
  object: "user";
  email: string | null;
  name: string;
  merchant_id: string | null;
  wallet_address: string | null;
  created_at: number;
}

export interface SessionGrant {
  user: UserView;
  session_id: string;
  expires_at: number;
}

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

async function openSession(
  deps: Deps,
  db: Db,
  userId: string,
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
    })
    .execute();
  return { token, expires_at };
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
): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  const name = input.name?.trim() || email.split("@")[0] || email;
  const password_hash = await hashPassword(input.password, deps.config.scryptLog2N);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await createUserWithMerchant(trx, { email, name, password_hash, wallet_address: null });
      const session = await openSession(deps, trx, user.id);
      return { user: await userView(trx, user), session_id: session.token, expires_at: session.expires_at };
    });
  } catch (err) {
    if (isUniqueViolation(err, "email")) throw new ApiError("email_already_exists", { param: "email" });
    throw err;
  }
}

export async function login(deps: Deps, input: { email: string; password: string }): Promise<SessionGrant> {
  const user = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normalizeEmail(input.email))
    .executeTakeFirst();
  // Always run scrypt so response time does not reveal whether the email exists.
  const valid = await verifyPassword(
    input.password,
    user?.password_hash ?? dummyPasswordHash(deps.config.scryptLog2N),
  );
  if (!user?.password_hash || !valid) throw new ApiError("invalid_credentials");
  const session = await openSession(deps, deps.db, user.id);
  return { user: await userView(deps.db, user), session_id: session.token, expires_at: session.expires_at };
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
): Promise<void> {
  const user = await deps.db
    .selectFrom("users")
    .select(["password_hash"])
    .where("id", "=", session.userId)
    .executeTakeFirstOrThrow();
  if (user.password_hash) {
    const valid = await verifyPassword(input.current_password ?? "", user.password_hash);
    if (!valid) throw new ApiError("current_password_incorrect", { param: "current_password" });
  }
  const password_hash = await hashPassword(input.new_password, deps.config.scryptLog2N);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash }).where("id", "=", session.userId).execute();
    await trx
      .updateTable("sessions")
      .set({ revoked_at: nowSeconds() })
      .where("user_id", "=", session.userId)
      .where("id", "!=", session.sessionId)
      .where("revoked_at", "is", null)
      .execute();
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

/** Sign-in with a Stacks wallet: the account is the address; first sign-in creates it. */
export async function walletSignIn(deps: Deps, input: SignedChallenge): Promise<SessionGrant> {
  return deps.db.transaction().execute(async (trx) => {
    await consumeWalletChallenge(trx, input, "sign_in");
    let user = await trx
      .selectFrom("users")
      .selectAll()
      .where("wallet_address", "=", input.address)
      .executeTakeFirst();
    if (!user) {
      const name = `${input.address.slice(0, 5)}…${input.address.slice(-4)}`;
      user = await createUserWithMerchant(trx, {
        email: null,
        name,
        password_hash: null,
        wallet_address: input.address,
      });
    }
    const session = await openSession(deps, trx, user.id);
    return { user: await userView(trx, user), session_id: session.token, expires_at: session.expires_at };
  });
}
