import { apiRequest } from "./http.ts";
import type {
  PasskeyAssertion,
  RecoveryCodes,
  SessionGrant,
  TotpEnrollment,
  TwoFactorStatus,
} from "./types.ts";

/**
 * The signed-in user's second factor (server routes/two-factor.ts): an authenticator app (TOTP)
 * with ten single-use recovery codes; proving it again before guarded actions (step-up); and
 * completing a sign-in that asked for it. Removing the factor and new recovery codes need a proof
 * from the last five minutes (403 `second_factor_required`: see security/useStepUp.tsx).
 */

/** One answer to a second-factor question: a code from the app, a recovery code, or a passkey's. */
export type SecondFactorProof = { code: string } | { recovery_code: string } | { passkey: PasskeyAssertion };

export function twoFactorStatus(token: string): Promise<TwoFactorStatus> {
  return apiRequest("/v1/auth/two-factor", { token });
}

/** A new secret for the app to scan; pending until {@link confirmTotp} (409 when one is active). */
export function startTotp(token: string): Promise<TotpEnrollment> {
  return apiRequest("/v1/auth/two-factor/totp", { method: "POST", token, body: {} });
}

/**
 * Activates the app with its first code; the answer holds the recovery codes, the only time they
 * are shown. The server signs out the user's other sessions.
 */
export function confirmTotp(token: string, code: string): Promise<RecoveryCodes> {
  return apiRequest("/v1/auth/two-factor/totp/confirm", { method: "POST", token, body: { code } });
}

/** Removes the app and its recovery codes (needs a fresh second factor). */
export function removeTotp(token: string): Promise<TwoFactorStatus> {
  return apiRequest("/v1/auth/two-factor/totp", { method: "DELETE", token });
}

/** Ten new recovery codes; the old ones stop working (needs a fresh second factor). */
export function regenerateRecoveryCodes(token: string): Promise<RecoveryCodes> {
  return apiRequest("/v1/auth/two-factor/recovery-codes", { method: "POST", token, body: {} });
}

/** Proves the second factor for this session: guarded actions are allowed for five minutes. */
export function stepUp(
  token: string,
  proof: SecondFactorProof,
): Promise<{ second_factor_at: number; fresh_until: number }> {
  return apiRequest("/v1/auth/two-factor/step-up", { method: "POST", token, body: proof });
}

/**
 * Completes a sign-in that asked for the second factor: the session (401
 * `invalid_second_factor_code`; `second_factor_challenge_invalid` — start over; 429
 * `second_factor_throttled`).
 */
export function verifySecondFactor(challengeToken: string, proof: SecondFactorProof): Promise<SessionGrant> {
  return apiRequest("/v1/auth/two-factor/verify", {
    method: "POST",
    body: { challenge_token: challengeToken, ...proof },
  });
}
