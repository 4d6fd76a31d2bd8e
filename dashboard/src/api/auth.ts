import { apiRequest } from "./http.ts";
import type { SecondFactorChallenge, SessionGrant, SignInResult, User, WalletChallenge } from "./types.ts";

/** SPEC.md §5: registration derives the name from the part of the email before @. */
export function nameFromEmail(email: string): string {
  return email.split("@")[0] ?? email;
}

export function register(email: string, password: string): Promise<SessionGrant> {
  return apiRequest("/v1/auth/register", {
    method: "POST",
    body: { email, password, name: nameFromEmail(email) },
  });
}

/**
 * Signs in with the password: the session, or — when the account has a second factor — a challenge
 * to answer with {@link verifySecondFactor} (no session yet).
 */
export function login(email: string, password: string): Promise<SignInResult> {
  return apiRequest("/v1/auth/login", { method: "POST", body: { email, password } });
}

/** Whether sign-in paused for the second factor (else it answered the session). */
export function isSecondFactorChallenge(result: SignInResult): result is SecondFactorChallenge {
  return "second_factor_required" in result && result.second_factor_required === true;
}

export function logout(token: string): Promise<unknown> {
  return apiRequest("/v1/auth/logout", { method: "POST", token });
}

export async function currentUser(token: string): Promise<User> {
  return (await apiRequest<{ user: User }>("/v1/auth/session", { token })).user;
}

export function walletChallenge(
  address: string,
  purpose: "sign_in" | "payout_wallet",
): Promise<WalletChallenge> {
  const query = new URLSearchParams({ address, purpose });
  return apiRequest(`/v1/auth/wallet/challenge?${query}`);
}

export interface SignedChallenge {
  address: string;
  signature: string;
  public_key: string;
  nonce: string;
}

/** As {@link login}: the session, or a second-factor challenge. */
export function walletSignIn(signed: SignedChallenge): Promise<SignInResult> {
  return apiRequest("/v1/auth/wallet/verify", { method: "POST", body: signed });
}

/** Changes the signed-in user's name or email (409 `email_already_exists`). */
export async function updateProfile(token: string, input: { name?: string; email?: string }): Promise<User> {
  return (await apiRequest<{ user: User }>("/v1/auth/session", { method: "PATCH", token, body: input })).user;
}

/**
 * Changes the password (400 `current_password_incorrect`); `current_password` may be left out only
 * by a wallet-only user without one. The user's other sessions are signed out.
 */
export function changePassword(
  token: string,
  input: { current_password?: string; new_password: string },
): Promise<{ ok: true }> {
  return apiRequest("/v1/auth/password", { method: "POST", token, body: input });
}
