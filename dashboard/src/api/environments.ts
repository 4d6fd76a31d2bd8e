import { apiRequest } from "./http.ts";
import type { Environment, EnvironmentType } from "./types.ts";

interface Scope {
  token: string;
  workspaceId: string;
}

export async function listEnvironments({ token, workspaceId }: Scope): Promise<Environment[]> {
  return (await apiRequest<{ data: Environment[] }>("/api/environments", { token, workspaceId })).data;
}

export function createEnvironment(
  { token, workspaceId }: Scope,
  input: { name: string; type: EnvironmentType },
): Promise<Environment> {
  return apiRequest("/api/environments", { method: "POST", token, workspaceId, body: input });
}

export function renameEnvironment(
  { token, workspaceId }: Scope,
  id: string,
  name: string,
): Promise<Environment> {
  return apiRequest(`/api/environments/${encodeURIComponent(id)}`, {
    method: "PATCH",
    token,
    workspaceId,
    body: { name },
  });
}

export function deleteEnvironment({ token, workspaceId }: Scope, id: string): Promise<unknown> {
  return apiRequest(`/api/environments/${encodeURIComponent(id)}`, { method: "DELETE", token, workspaceId });
}
