import { useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { CreateTenantModal } from "./CreateTenantModal.tsx";
import { EnvironmentSwitcher } from "./EnvironmentSwitcher.tsx";
import { TENANCY } from "./messages.ts";
import { OrganizationSelector } from "./OrganizationSelector.tsx";
import { useCan } from "./role.tsx";
import { WorkspaceSelector } from "./WorkspaceSelector.tsx";

/**
 * Organization, workspace and environment controls, once the merchant has an organization. An
 * organization without a workspace keeps every switcher (no dead end) and offers to create one.
 */
export function TenancyBar() {
  const { state } = useMerchant();
  const [creating, setCreating] = useState(false);
  // A workspace is the organization's setting: only a role that may change them offers to create one.
  const createsWorkspaces = useCan("settings.write");
  if (state.organizations.length === 0 && !state.currentWorkspaceId) return null;
  return (
    <div className="tenancy-bar">
      <OrganizationSelector />
      <WorkspaceSelector />
      <EnvironmentSwitcher />
      {state.currentWorkspaceId || !createsWorkspaces ? null : (
        <button
          type="button"
          className="button button-small button-primary"
          onClick={() => setCreating(true)}
        >
          {TENANCY.createWorkspaceShort}
        </button>
      )}
      {creating ? <CreateTenantModal kind="workspace" onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
