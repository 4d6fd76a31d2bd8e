import { ApiError } from "../../domain/errors.ts";
import type { Deps } from "../../http/context.ts";
import { assertAuditThrottle, recordAudit } from "../audit-log.ts";
import type { RequestOrigin } from "../auth.ts";

/** The window wrong second-factor codes are counted in, per account. */
export const SECOND_FACTOR_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong codes an account may see in that window, whatever IPs and sign-in attempts they come from.
 * Whoever reaches this step already has the password or a session, so the second factor is all
 * that is left: ten guesses per quarter hour keep a six-digit code out of reach. Not tied to the
 * password throttle's setting: turning that off must not turn this off.
 */
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 10;

/**
 * Refuses (429 `second_factor_throttled`) while the account has had too many wrong codes: at
 * sign-in, at step-up. Its memory is the audit log's `user.second_factor_failed` entries, as the
 * password throttle's, so every API process and a restart see the same count; a refused attempt
 * is not recorded, so the lock lifts once the oldest counted failure ages out.
 */
export async function assertSecondFactorNotThrottled(deps: Deps, userId: string): Promise<void> {
  await assertAuditThrottle(deps.db, {
    userId,
    action: "user.second_factor_failed",
    limit: SECOND_FACTOR_FAILURES_PER_ACCOUNT,
    windowSeconds: SECOND_FACTOR_FAILURE_WINDOW_SECONDS,
    code: "second_factor_throttled",
  });
}

/**
 * Records a wrong code or passkey answer (outside any transaction the refusal rolls back: the
 * failure must count) and answers 401 `invalid_second_factor_code` (`passkey_invalid`).
 */
export async function refuseSecondFactor(
  deps: Deps,
  userId: string,
  origin: RequestOrigin,
  details: { stage: "sign_in" | "step_up"; method: "totp" | "recovery_code" | "passkey" },
): Promise<never> {
  await recordAudit(deps.db, {
    action: "user.second_factor_failed",
    actor: { kind: "user", userId },
    ip: origin.ip,
    object: { type: "user", id: userId },
    details,
  });
  if (details.method === "passkey") throw new ApiError("passkey_invalid", { param: "passkey" });
  throw new ApiError("invalid_second_factor_code", {
    param: details.method === "totp" ? "code" : "recovery_code",
  });
}
