import { ApiError } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps, Principal } from "../../http/context.ts";
import type { RequestOrigin } from "../auth.ts";
import { transaction } from "../write-transaction.ts";
import { hasSecondFactor } from "./factors.ts";
import { type SecondFactorProof, spendSecondFactor } from "./proof.ts";
import { assertSecondFactorNotThrottled, refuseSecondFactor } from "./throttle.ts";

/** How long a proof of the second factor lets a session take the actions that ask for one. */
export const SECOND_FACTOR_FRESH_SECONDS = 5 * 60;

type SessionRef = { userId: string; sessionId: string };

/**
 * Guards an action a stolen session must not be able to take alone (removing the second factor,
 * new recovery codes, rolling keys, changing the payout wallet, deleting): when the user has a
 * second factor, this session must have proved it within the last five minutes (at sign-in, or with
 * POST /v1/auth/two-factor/step-up), else 403 `second_factor_required`. A user without a second
 * factor passes, as does an API key: a key is a credential of its own, with no sign-in to step up.
 */
export async function assertFreshSecondFactor(
  deps: Pick<Deps, "db">,
  session: SessionRef | Principal,
): Promise<void> {
  if ("keyId" in session) return;
  if (!(await hasSecondFactor(deps.db, session.userId))) return;
  const row = await deps.db
    .selectFrom("sessions")
    .select("second_factor_at")
    .where("id", "=", session.sessionId)
    .where("user_id", "=", session.userId)
    .executeTakeFirst();
  const provedAt = row?.second_factor_at ?? null;
  if (provedAt === null || nowSeconds() - Number(provedAt) > SECOND_FACTOR_FRESH_SECONDS)
    throw new ApiError("second_factor_required");
}

/**
 * Proves the second factor again for the current session (a code, a recovery code, which is
 * spent, or a passkey's answer to options issued for this session), so it may take guarded actions
 * for the next five minutes. Wrong codes count towards the
 * account's throttle exactly as at sign-in.
 */
export async function stepUp(
  deps: Deps,
  session: SessionRef,
  proof: SecondFactorProof,
  origin: RequestOrigin,
): Promise<{ second_factor_at: number; fresh_until: number }> {
  if (!(await hasSecondFactor(deps.db, session.userId))) throw new ApiError("two_factor_not_enabled");
  await assertSecondFactorNotThrottled(deps, session.userId);
  const provedAt = await transaction(deps, async (trx) => {
    const passkeyScope = { purpose: "step_up", boundTo: session.sessionId } as const;
    if (!(await spendSecondFactor(deps, trx, session.userId, proof, origin, passkeyScope))) return null;
    const now = nowSeconds();
    await trx
      .updateTable("sessions")
      .set({ second_factor_at: now })
      .where("id", "=", session.sessionId)
      .execute();
    return now;
  });
  if (provedAt === null)
    return refuseSecondFactor(deps, session.userId, origin, { stage: "step_up", method: proof.method });
  return { second_factor_at: provedAt, fresh_until: provedAt + SECOND_FACTOR_FRESH_SECONDS };
}
