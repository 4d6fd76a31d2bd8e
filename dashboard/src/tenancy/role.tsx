import type { Permission, Role } from "@spay/protocol";
import { createContext, type ReactNode, useContext } from "react";
import { useMerchantIfAny } from "../state/merchant.tsx";
import { lacksText, organizationRole, roleAllows } from "./role-rules.ts";

/** A role pinned for what is below it, instead of the current organization's (undefined: none pinned). */
const PinnedRole = createContext<Role | null | undefined>(undefined);

/** Pins the role for a screen rendered on its own, outside the signed-in app (component tests). */
export function RoleProvider({ value, children }: { value: Role | null; children: ReactNode }) {
  return <PinnedRole.Provider value={value}>{children}</PinnedRole.Provider>;
}

/** The signed-in member's role in the current organization; null until the server reported it. */
export function useRole(): Role | null {
  const pinned = useContext(PinnedRole);
  const merchant = useMerchantIfAny();
  if (pinned !== undefined) return pinned;
  return merchant
    ? organizationRole(merchant.state.organizations, merchant.state.currentOrganizationId)
    : null;
}

/**
 * Whether the current role may do what `permission` covers. The server refuses the rest anyway;
 * the screens use this so they never offer what would be refused.
 */
export function useCan(permission: Permission): boolean {
  return roleAllows(useRole(), permission);
}

/**
 * Where controls were left out for the role: one line saying whose right it is. Nothing when the
 * role holds `permission` (or is not known yet).
 */
export function RoleNote({ permission, id }: { permission: Permission; id?: string }) {
  const role = useRole();
  if (role === null || roleAllows(role, permission)) return null;
  return (
    <p className="muted role-note" id={id} data-testid={`role-note-${permission}`}>
      {lacksText(role, permission)}
    </p>
  );
}
