import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { nowSeconds } from "../../domain/ids.ts";
import { hashToken } from "../../domain/secrets.ts";
import type { Deps } from "../../http/context.ts";
import { grantSession, type RequestOrigin, type SessionGrant } from "../auth.ts";
import { transaction } from "../write-transaction.ts";
import { consumeChallenge, liveChallenge, takeChallengeAttempt } from "./challenge.ts";
import { proofOf, spendSecondFactor } from "./proof.ts";
import { assertSecondFactorNotThrottled, refuseSecondFactor } from "./throttle.ts";

/**
 * The second half of a sign-in: the challenge a first factor answered with, and a code from the
 * authenticator app, a recovery code, or a passkey's answer to options issued for this challenge.
 * Right, and the session opens, marked as having proved the second factor now; wrong, and it is 401
 * with the attempt spent on the challenge and counted on the account.
 */
export async function verifySecondFactorSignIn(
  deps: Deps,
  input: {
    challenge_token: string;
    code?: string | undefined;
    recovery_code?: string | undefined;
    passkey?: AuthenticationResponseJSON | undefined;
  },
  origin: RequestOrigin,
): Promise<SessionGrant> {
  const proof = proofOf(input);
  const challenge = await liveChallenge(deps.db, input.challenge_token);
  await assertSecondFactorNotThrottled(deps, challenge.user_id);
  await takeChallengeAttempt(deps.db, input.challenge_token);
  const grant = await transaction(deps, async (trx) => {
    const passkeyScope = { purpose: "second_factor", boundTo: hashToken(input.challenge_token) } as const;
    if (!(await spendSecondFactor(deps, trx, challenge.user_id, proof, origin, passkeyScope))) return null;
    await consumeChallenge(trx, input.challenge_token);
    const user = await trx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", challenge.user_id)
      .executeTakeFirstOrThrow();
    const details: Record<string, unknown> = { method: challenge.first_factor, second_factor: proof.method };
    if (challenge.first_factor === "wallet") details.address = user.wallet_address;
    return grantSession(deps, trx, user, origin, details, nowSeconds());
  });
  if (!grant)
    return refuseSecondFactor(deps, challenge.user_id, origin, { stage: "sign_in", method: proof.method });
  return grant;
}
