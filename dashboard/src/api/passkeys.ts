import { apiRequest } from "./http.ts";
import type {
  Passkey,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
  SessionGrant,
} from "./types.ts";

/**
 * Passkeys (server routes/passkeys.ts): the signed-in user's list; each WebAuthn ceremony is two
 * calls — options from the server, then what the browser made of them.
 */

export async function listPasskeys(token: string): Promise<Passkey[]> {
  return (await apiRequest<{ data: Passkey[] }>("/v1/auth/passkeys", { token })).data;
}

/** Options to create a passkey (needs a fresh second factor when the user has one). */
export function passkeyRegistrationOptions(token: string): Promise<PasskeyCreationOptions> {
  return apiRequest("/v1/auth/passkeys/registration-options", { method: "POST", token, body: {} });
}

/** Adds the passkey the browser created; the server signs out the user's other sessions. */
export function registerPasskey(
  token: string,
  response: PasskeyRegistrationResponse,
  name?: string,
): Promise<Passkey> {
  return apiRequest("/v1/auth/passkeys", {
    method: "POST",
    token,
    body: name ? { name, response } : { response },
  });
}

export function renamePasskey(token: string, id: string, name: string): Promise<Passkey> {
  return apiRequest(`/v1/auth/passkeys/${encodeURIComponent(id)}`, {
    method: "PATCH",
    token,
    body: { name },
  });
}

/** Removes a passkey (needs a fresh second factor); the server signs out the other sessions. */
export function removePasskey(token: string, id: string): Promise<unknown> {
  return apiRequest(`/v1/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE", token });
}

/** Options for a passkey to prove the second factor again (answer with a step-up). */
export function stepUpPasskeyOptions(token: string): Promise<PasskeyRequestOptions> {
  return apiRequest("/v1/auth/passkeys/step-up-options", { method: "POST", token, body: {} });
}

/** Options for a passkey to answer a sign-in's second-factor challenge (answer with verify). */
export function secondFactorPasskeyOptions(challengeToken: string): Promise<PasskeyRequestOptions> {
  return apiRequest("/v1/auth/two-factor/passkey-options", {
    method: "POST",
    body: { challenge_token: challengeToken },
  });
}

/** Options to sign in with a passkey alone: the browser offers the passkeys it holds for sPay. */
export function signInPasskeyOptions(): Promise<PasskeyRequestOptions> {
  return apiRequest("/v1/auth/passkeys/sign-in-options", { method: "POST", body: {} });
}

/** Signs in with a passkey alone: it names the account and counts as both factors. */
export function passkeySignIn(response: PasskeyAssertion): Promise<SessionGrant> {
  return apiRequest("/v1/auth/passkeys/sign-in", { method: "POST", body: { response } });
}
