import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import type { Selectable } from "kysely";
import { type Config, corsOriginList } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { PasskeysTable } from "../../db/schema.ts";
import { ApiError } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";

/**
 * The WebAuthn ceremonies' common ground: who the relying party is, the challenges the server hands
 * out and takes back once, and checking a passkey's signed answer. What the account does with a
 * passkey (add, rename, remove, sign in) is in passkeys.ts; the second factor spends one here.
 */

/** How long the options of one ceremony stay good: the time to touch a key or unlock a phone. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;

export type PasskeyPurpose = "registration" | "second_factor" | "step_up" | "sign_in";

/**
 * The relying party: passkeys are made for the dashboard's host (the public URL's), and an answer
 * counts only when the browser says it came from one of the dashboard's own origins — a phishing
 * page on another origin gets a signature the server refuses.
 */
export function relyingParty(config: Config): { rpID: string; rpName: string; origins: string[] } {
  const origins = new Set<string>();
  for (const origin of corsOriginList(config)) {
    try {
      origins.add(new URL(origin).origin);
    } catch {
      // An origin the CORS list cannot parse either: no browser reports it.
    }
  }
  return { rpID: new URL(config.publicUrl).hostname, rpName: "sPay", origins: [...origins] };
}

/** The WebAuthn user handle of an account: its id's bytes, which say nothing about the person. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/**
 * Keeps `challenge` (the options' own, base64url) for the answer to come back with, bound to what
 * it was issued for. Expired challenges go on the way, and so does an earlier one of the same
 * ceremony (same purpose, same session or sign-in): asking again replaces, it does not pile up.
 */
export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  boundTo: string | null,
): Promise<void> {
  const now = nowSeconds();
  await db
    .deleteFrom("passkey_challenges")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now),
        ...(boundTo === null ? [] : [eb.and([eb("bound_to", "=", boundTo), eb("purpose", "=", purpose)])]),
      ]),
    )
    .execute();
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge,
      purpose,
      user_id: userId,
      bound_to: boundTo,
      created_at: now,
      expires_at: now + PASSKEY_CHALLENGE_TTL_SECONDS,
      used_at: null,
    })
    .execute();
}

/** The challenge a browser's answer signed, read from its client data (null when that is not JSON). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/** An unexpired challenge kept for `purpose`, spent or not (spending is {@link spendChallenge}'s). */
export async function pendingChallenge(db: Db, challenge: string | null, purpose: PasskeyPurpose) {
  if (challenge === null) return undefined;
  return db
    .selectFrom("passkey_challenges")
    .select(["challenge", "user_id", "bound_to"])
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", nowSeconds())
    .executeTakeFirst();
}

/**
 * Spends the challenge, once: an answer that was already accepted (replayed, or sent twice at the
 * same time) finds it spent and proves nothing. One conditional update, so a race has one winner.
 */
export async function spendChallenge(trx: Db, challenge: string): Promise<boolean> {
  const spent = await trx
    .updateTable("passkey_challenges")
    .set({ used_at: nowSeconds() })
    .where("challenge", "=", challenge)
    .where("used_at", "is", null)
    .returning("challenge")
    .executeTakeFirst();
  return spent !== undefined;
}

/** Options for the browser to ask an authenticator for a signature, with the challenge kept. */
export async function authenticationOptions(
  deps: Pick<Deps, "db" | "config">,
  scope: { purpose: Exclude<PasskeyPurpose, "registration">; userId: string | null; boundTo: string | null },
  allow: Pick<Selectable<PasskeysTable>, "credential_id" | "transports">[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    // Alone, a passkey is both factors only when the authenticator checked who holds it (PIN,
    // biometrics); as a second factor, holding it is the point.
    userVerification: scope.purpose === "sign_in" ? "required" : "preferred",
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
  });
  await keepChallenge(deps.db, options.challenge, scope.purpose, scope.userId, scope.boundTo);
  return options;
}

/** The stored transports (a JSON array), as strings: hints only, so anything else is dropped. */
export function transportsOf(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((t): t is string => typeof t === "string") : [];
}

/** What a checked answer proved, before anything is written. */
export interface VerifiedAssertion {
  challenge: string;
  passkey: { id: string; user_id: string; name: string; counter: number };
  newCounter: number;
  backedUp: boolean;
}

/**
 * Checks a passkey's answer to a challenge issued for `expected`, writing nothing: the challenge is
 * one this server issued for this purpose and this sign-in or session, and unexpired; the passkey
 * is registered, and the challenged user's; the signature verifies under its public key, over
 * client data from one of the dashboard's origins and the relying party's id; the user was verified
 * when that is required; and the authenticator's counter moved on (a cloned key's does not). Null
 * when any of that fails.
 */
export async function verifyAssertion(
  deps: Pick<Deps, "config">,
  db: Db,
  response: AuthenticationResponseJSON,
  expected: {
    purpose: Exclude<PasskeyPurpose, "registration">;
    /** The user the ceremony is for; null for a sign-in with a passkey alone, whose answer names its user. */
    userId: string | null;
    boundTo: string | null;
    requireUserVerification: boolean;
  },
): Promise<VerifiedAssertion | null> {
  const pending = await pendingChallenge(db, challengeOf(response.response.clientDataJSON), expected.purpose);
  if (!pending) return null;
  // Options issued for another sign-in or another session do not complete this one.
  if (pending.bound_to !== expected.boundTo || pending.user_id !== expected.userId) return null;
  const passkey = await db
    .selectFrom("passkeys")
    .select(["id", "user_id", "name", "credential_id", "public_key", "counter", "transports"])
    .where("credential_id", "=", response.id)
    .executeTakeFirst();
  if (!passkey) return null;
  // Another account's passkey proves nothing about this one, however valid its signature.
  if (expected.userId !== null && passkey.user_id !== expected.userId) return null;
  // The authenticator names the account the passkey was made for; it must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(passkey.user_id)).toString("base64url")) return null;
  const rp = relyingParty(deps.config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        // The counter last seen: the library refuses an answer that does not go past it.
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: expected.requireUserVerification,
    });
    if (!result.verified) return null;
    return {
      challenge: pending.challenge,
      passkey: {
        id: passkey.id,
        user_id: passkey.user_id,
        name: passkey.name,
        counter: Number(passkey.counter),
      },
      newCounter: result.authenticationInfo.newCounter,
      backedUp: result.authenticationInfo.credentialBackedUp,
    };
  } catch {
    // A malformed answer, a wrong origin, a bad signature, a counter gone back: all simply not a proof.
    return null;
  }
}

/**
 * Spends a verified answer in `trx`: its challenge (false, nothing written, when another request
 * already spent it), then the passkey's new counter and last use. The counter is written only over
 * the value the answer was checked against, so two answers racing cannot both move it; the loser
 * rolls back with 401.
 */
export async function spendAssertion(trx: Db, verified: VerifiedAssertion): Promise<boolean> {
  if (!(await spendChallenge(trx, verified.challenge))) return false;
  const used = await trx
    .updateTable("passkeys")
    .set({ counter: verified.newCounter, last_used_at: nowSeconds(), backed_up: verified.backedUp })
    .where("id", "=", verified.passkey.id)
    .where("counter", "=", verified.passkey.counter)
    .returning("id")
    .executeTakeFirst();
  if (!used) throw new ApiError("passkey_invalid");
  return true;
}
