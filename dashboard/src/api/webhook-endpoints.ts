import { apiRequest } from "./http.ts";
import type { EndpointAttempt, Page, WebhookEndpoint, WorkspaceAuth } from "./types.ts";

const opts = (auth: WorkspaceAuth) => ({ token: auth.token, workspaceId: auth.workspaceId });
const path = (id: string) => `/v1/webhook_endpoints/${encodeURIComponent(id)}`;

export interface EndpointInput {
  url: string;
  enabled_events: string[];
  description?: string;
}

export async function listEndpoints(auth: WorkspaceAuth): Promise<WebhookEndpoint[]> {
  return (await apiRequest<Page<WebhookEndpoint>>("/v1/webhook_endpoints", opts(auth))).data;
}

export function createEndpoint(auth: WorkspaceAuth, input: EndpointInput): Promise<WebhookEndpoint> {
  return apiRequest("/v1/webhook_endpoints", { ...opts(auth), method: "POST", body: input });
}

export function updateEndpoint(
  auth: WorkspaceAuth,
  id: string,
  input: Partial<EndpointInput> & { status?: "enabled" | "disabled" },
): Promise<WebhookEndpoint> {
  return apiRequest(path(id), { ...opts(auth), method: "PATCH", body: input });
}

export function deleteEndpoint(auth: WorkspaceAuth, id: string): Promise<unknown> {
  return apiRequest(path(id), { ...opts(auth), method: "DELETE" });
}

export function rotateEndpointSecret(auth: WorkspaceAuth, id: string): Promise<WebhookEndpoint> {
  return apiRequest(`${path(id)}/rotate_secret`, { ...opts(auth), method: "POST" });
}

export async function endpointAttempts(auth: WorkspaceAuth, id: string): Promise<EndpointAttempt[]> {
  return (await apiRequest<Page<EndpointAttempt>>(`${path(id)}/attempts?limit=20`, opts(auth))).data;
}
