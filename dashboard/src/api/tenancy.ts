import { apiRequest } from "./http.ts";
import type { BusinessProfile, Organization, Workspace } from "./types.ts";

export async function listOrganizations(token: string): Promise<Organization[]> {
  return (await apiRequest<{ data: Organization[] }>("/v1/organizations", { token })).data;
}

export async function listWorkspaces(token: string, organizationId: string): Promise<Workspace[]> {
  const path = `/v1/organizations/${encodeURIComponent(organizationId)}/workspaces`;
  return (await apiRequest<{ data: Workspace[] }>(path, { token })).data;
}

/** SPEC.md §7: organizations, then each organization's workspaces. */
export async function loadTenancy(
  token: string,
): Promise<{ organizations: Organization[]; workspaces: Workspace[] }> {
  const organizations = await listOrganizations(token);
  const lists = await Promise.all(organizations.map((o) => listWorkspaces(token, o.id)));
  return { organizations, workspaces: lists.flat() };
}

export function createOrganization(
  token: string,
  input: { name: string; slug: string; description?: string },
): Promise<Organization> {
  return apiRequest("/v1/organizations", { method: "POST", token, body: input });
}

export function createWorkspace(
  token: string,
  organizationId: string,
  input: { name: string; slug?: string },
): Promise<Workspace> {
  return apiRequest(`/v1/organizations/${encodeURIComponent(organizationId)}/workspaces`, {
    method: "POST",
    token,
    body: input,
  });
}

/** Whether the workspace's publishable keys may create intents for any amount (a signed-in member only). */
export function setBrowserAmounts(token: string, workspaceId: string, allow: boolean): Promise<Workspace> {
  return apiRequest(`/v1/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: "PATCH",
    token,
    body: { allow_browser_amounts: allow },
  });
}

/** The address mailed on every settled payment, or null to stop (a signed-in member only; audit-logged). */
export function setPaymentNotifications(
  token: string,
  workspaceId: string,
  email: string | null,
): Promise<Workspace> {
  return apiRequest(`/v1/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: "PATCH",
    token,
    body: { notify_on_payment_email: email },
  });
}

export function updateBusinessProfile(
  token: string,
  workspaceId: string,
  profile: Partial<BusinessProfile>,
): Promise<Workspace> {
  return apiRequest(`/v1/workspaces/${encodeURIComponent(workspaceId)}/business-profile`, {
    method: "PATCH",
    token,
    body: profile,
  });
}
