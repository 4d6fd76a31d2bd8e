import { apiRequest } from "./http.ts";
import type { AccountSession, Preferences } from "./types.ts";

/** The signed-in user's sessions still in force, newest first; `current` marks this one. */
export async function listSessions(token: string): Promise<AccountSession[]> {
  return (await apiRequest<{ data: AccountSession[] }>("/v1/auth/sessions", { token })).data;
}

/** Signs out one session of the account (it fails on its next request). */
export function revokeSession(token: string, id: string): Promise<unknown> {
  return apiRequest(`/v1/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE", token });
}

/** Signs out every session of the account but this one; how many there were. */
export function revokeOtherSessions(token: string): Promise<{ revoked: number }> {
  return apiRequest("/v1/auth/sessions/revoke_others", { method: "POST", token });
}

/** Which emails the signed-in member receives. */
export function getPreferences(token: string): Promise<Preferences> {
  return apiRequest("/v1/auth/preferences", { token });
}

/** Turns emails on or off; the preferences as they now are. */
export function updatePreferences(token: string, changes: Partial<Preferences>): Promise<Preferences> {
  return apiRequest("/v1/auth/preferences", { method: "PATCH", token, body: changes });
}
