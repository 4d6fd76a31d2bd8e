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

/**
 * Changes an organization's settings (owners and admins). `require_two_factor: true` keeps members
 * without a second factor out; whoever turns it on must have one (403
 * `two_factor_enrollment_required`, param `require_two_factor`).
 */
export function updateOrganization(
  token: string,
  organizationId: string,
  input: { require_two_factor?: boolean },
): Promise<Organization> {
  return apiRequest(`/v1/organizations/${encodeURIComponent(organizationId)}`, {
    method: "PATCH",
    token,
    body: input,
  });
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

/**
 * The workspace's own settings, saved with `PATCH /v1/workspaces/{id}` (a signed-in member only;
 * each change audit-logged): `allow_browser_amounts` — may its publishable keys create intents for
 * amounts of their own; `notify_on_payment_email` — the address mailed on every settled
 * payment, or null to stop.
 */
export interface WorkspaceSettings {
  allow_browser_amounts?: boolean;
  notify_on_payment_email?: string | null;
}

export function updateWorkspaceSettings(
  token: string,
  workspaceId: string,
  settings: WorkspaceSettings,
): Promise<Workspace> {
  return apiRequest(`/v1/workspaces/${encodeURIComponent(workspaceId)}`, {
    method: "PATCH",
    token,
    body: settings,
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
