import { isRole, PERMISSIONS, type Permission, ROLES, type Role, roleCan } from "@spay/protocol";
import type { Organization } from "../api/types.ts";
import { ROLE_TEXT } from "./messages.ts";

/**
 * The signed-in member's role in an organization, as the server reported it with the organization;
 * null when the organization is not (yet) known, so nothing is offered before the server answered.
 */
export function organizationRole(
  organizations: readonly Organization[],
  organizationId: string | null | undefined,
): Role | null {
  const role = organizations.find((o) => o.id === organizationId)?.role;
  return isRole(role) ? role : null;
}

/** Whether `role` holds `permission`; an unknown role holds none. */
export function roleAllows(role: Role | null, permission: Permission): boolean {
  return role !== null && roleCan(role, permission);
}

/**
 * Why a control is missing, in the merchant's words: the member's role, then who holds the right
 * and what it covers (the protocol's own description, so this sentence and the server agree).
 */
export function lacksText(role: Role, permission: Permission): string {
  const { roles, covers } = PERMISSIONS[permission];
  const holders = ROLES.filter((r) => (roles as readonly Role[]).includes(r)).map(
    (r) => ROLE_TEXT.withArticle[r],
  );
  const what = covers.charAt(0).toLowerCase() + covers.slice(1);
  return `${ROLE_TEXT.yourRole(ROLE_TEXT.names[role])} ${ROLE_TEXT.only(holders, what)}`;
}

/** The roles `role` may give a member: only an owner grants the owner role. */
export function grantableRoles(role: Role | null): Role[] {
  if (!roleAllows(role, "members.write")) return [];
  return ROLES.filter((r) => r !== "owner" || roleAllows(role, "ownership.write"));
}
