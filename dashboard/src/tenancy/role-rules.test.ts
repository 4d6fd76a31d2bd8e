import { PERMISSIONS, ROLES } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import type { Organization } from "../api/types.ts";
import { grantableRoles, lacksText, organizationRole, roleAllows } from "./role-rules.ts";

const org = (id: string, role: string) => ({ id, role }) as unknown as Organization;

describe("the current role, from the organizations the server listed", () => {
  it("is the role reported with the current organization", () => {
    const orgs = [org("org_1", "owner"), org("org_2", "support")];
    expect(organizationRole(orgs, "org_2")).toBe("support");
    expect(organizationRole(orgs, "org_1")).toBe("owner");
  });

  it("is unknown (and allows nothing) for an organization not listed, or a role this dashboard does not know", () => {
    expect(organizationRole([org("org_1", "owner")], "org_9")).toBeNull();
    expect(organizationRole([org("org_1", "superuser")], "org_1")).toBeNull();
    expect(organizationRole([], "")).toBeNull();
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[])
      expect(roleAllows(null, permission)).toBe(false);
  });

  it("follows the protocol's table for every role and right", () => {
    for (const role of ROLES)
      for (const [permission, { roles }] of Object.entries(PERMISSIONS))
        expect(roleAllows(role, permission as keyof typeof PERMISSIONS)).toBe(
          (roles as readonly string[]).includes(role),
        );
  });
});

describe("what a role may grant", () => {
  it("an owner every role, an admin all but owner, the others none", () => {
    expect(grantableRoles("owner")).toEqual(["owner", "admin", "developer", "support"]);
    expect(grantableRoles("admin")).toEqual(["admin", "developer", "support"]);
    expect(grantableRoles("developer")).toEqual([]);
    expect(grantableRoles("support")).toEqual([]);
    expect(grantableRoles(null)).toEqual([]);
  });
});

describe("why a control is missing", () => {
  it("names the role, who holds the right and what it covers, in the protocol's words", () => {
    expect(lacksText("support", "refunds.write")).toBe(
      "Your role is Support. Only an owner, an admin or a developer can create and cancel refunds.",
    );
    expect(lacksText("admin", "ownership.write")).toBe(
      "Your role is Admin. Only an owner can grant or remove the owner role and transfer ownership.",
    );
  });
});
