import type { Organization, Workspace } from "../api/types.ts";
import { TENANCY } from "./messages.ts";

export interface WorkspaceGroup {
  organizationName: string;
  workspaces: Workspace[];
}

/**
 * SPEC.md §2 "Workspace selector": workspaces matching the search, grouped by organization name
 * (sorted alphabetically; 'Unknown Organization' when the organization is not known).
 */
export function groupWorkspaces(
  workspaces: Workspace[],
  organizations: Organization[],
  query = "",
): WorkspaceGroup[] {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, Workspace[]>();
  for (const ws of workspaces) {
    if (q && !`${ws.name} ${ws.slug ?? ""}`.toLowerCase().includes(q)) continue;
    const org = organizations.find((o) => o.id === ws.organization_id);
    const name = org?.name ?? TENANCY.unknownOrganization;
    groups.set(name, [...(groups.get(name) ?? []), ws]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([organizationName, list]) => ({ organizationName, workspaces: list }));
}
