import type { z } from "@hono/zod-openapi";
import type { Db } from "../../db/database.ts";
import { ApiError } from "../../domain/errors.ts";
import { nowSeconds, randomBase62 } from "../../domain/ids.ts";
import { hashToken } from "../../domain/secrets.ts";
import { secondFactorMethods } from "./factors.ts";
import type { SecondFactorChallengeSchema } from "./schemas.ts";

/** How long a signed-in-with-the-first-factor user has to enter the second. */
export const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Codes one challenge takes, right or wrong; then it is dead and the user signs in again. */
export const SECOND_FACTOR_CHALLENGE_ATTEMPTS = 5;

export type FirstFactor = "password" | "wallet";
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/**
 * What a first factor answers when the account has a second factor: no session, but a single-use
 * token bound to the user (kept only as its hash) to send with the code or the passkey's answer,
 * and the methods the account can meet it with. The user's expired and spent challenges are
 * cleared on the way, so repeated sign-ins do not pile rows up.
 */
export async function issueSecondFactorChallenge(
  trx: Db,
  userId: string,
  firstFactor: FirstFactor,
): Promise<SecondFactorChallenge> {
  const token = `mfa_${randomBase62(43)}`;
  const now = nowSeconds();
  const expires_at = now + SECOND_FACTOR_CHALLENGE_TTL_SECONDS;
  await trx
    .deleteFrom("second_factor_challenges")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
    .execute();
  await trx
    .insertInto("second_factor_challenges")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      first_factor: firstFactor,
      created_at: now,
      expires_at,
      used_at: null,
    })
    .execute();
  return {
    second_factor_required: true,
    challenge_token: token,
    methods: await secondFactorMethods(trx, userId),
    expires_at,
  };
}

/** The live challenge `token` names (unused, unexpired, attempts left), or 401. */
export async function liveChallenge(db: Db, token: string) {
  const challenge = await db
    .selectFrom("second_factor_challenges")
    .select(["user_id", "first_factor"])
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowSeconds())
    .where("attempts", "<", SECOND_FACTOR_CHALLENGE_ATTEMPTS)
    .executeTakeFirst();
  if (!challenge) throw new ApiError("second_factor_challenge_invalid", { param: "challenge_token" });
  return challenge;
}

/**
 * Counts one attempt on the challenge before its code is checked, in its own statement (committed
 * whatever the code turns out to be), so concurrent guesses cannot share an attempt. 401 once the
 * challenge has none left.
 */
export async function takeChallengeAttempt(db: Db, token: string): Promise<void> {
  const taken = await db
    .updateTable("second_factor_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowSeconds())
    .where("attempts", "<", SECOND_FACTOR_CHALLENGE_ATTEMPTS)
    .returning("user_id")
    .executeTakeFirst();
  if (!taken) throw new ApiError("second_factor_challenge_invalid", { param: "challenge_token" });
}

/** Spends the challenge with the session it opens (in that transaction); 401 if another request spent it first. */
export async function consumeChallenge(trx: Db, token: string): Promise<void> {
  const consumed = await trx
    .updateTable("second_factor_challenges")
    .set({ used_at: nowSeconds() })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  if (!consumed) throw new ApiError("second_factor_challenge_invalid", { param: "challenge_token" });
}
