import { apiRequest } from "./http.ts";
import type { ApiKey } from "./types.ts";

/** Creates a key in the workspace; a secret key's full value is in this answer only. */
export function createApiKey(
  token: string,
  workspaceId: string,
  input: { type: "pk" | "sk"; name: string; env?: "test" | "live" },
): Promise<ApiKey> {
  return apiRequest(`/v1/workspaces/${encodeURIComponent(workspaceId)}/api-keys`, {
    method: "POST",
    token,
    body: { type: input.type, name: input.name, env: input.env ?? "test" },
  });
}

/** Rolls a key: the replacing key (its secret in this answer only); the old one expires after the overlap. */
export function rollApiKey(token: string, id: string, expiresInSeconds: number): Promise<ApiKey> {
  return apiRequest(`/v1/api-keys/${encodeURIComponent(id)}/roll`, {
    method: "POST",
    token,
    body: { expires_in_seconds: expiresInSeconds },
  });
}

export function revokeApiKey(token: string, id: string): Promise<unknown> {
  return apiRequest(`/v1/api-keys/${encodeURIComponent(id)}`, { method: "DELETE", token });
}
