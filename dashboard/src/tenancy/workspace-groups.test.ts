import { describe, expect, it } from "vitest";
import type { Organization, Workspace } from "../api/types.ts";
import { groupWorkspaces } from "./workspace-groups.ts";

const org = (id: string, name: string) => ({ id, name }) as Organization;
const ws = (id: string, organization_id: string, name: string) =>
  ({ id, organization_id, name, slug: null }) as Workspace;

describe("workspace selector grouping (SPEC.md §2)", () => {
  const orgs = [org("o1", "Zeta"), org("o2", "Acme")];
  const list = [
    ws("w1", "o1", "Shop"),
    ws("w2", "o2", "Store"),
    ws("w3", "o9", "Orphan"),
    ws("w4", "o2", "Outlet"),
  ];

  it("groups by organization name, sorted alphabetically, with 'Unknown Organization' when unresolved", () => {
    const groups = groupWorkspaces(list, orgs);
    expect(groups.map((g) => g.organizationName)).toEqual(["Acme", "Unknown Organization", "Zeta"]);
    expect(groups[0]?.workspaces.map((w) => w.id)).toEqual(["w2", "w4"]);
  });

  it("keeps only workspaces whose name matches the search", () => {
    const groups = groupWorkspaces(list, orgs, "out");
    expect(groups).toEqual([{ organizationName: "Acme", workspaces: [list[3]] }]);
  });
});
