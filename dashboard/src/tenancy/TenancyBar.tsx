import { useMerchant } from "../state/merchant.tsx";
import { EnvironmentSwitcher } from "./EnvironmentSwitcher.tsx";
import { OrganizationSelector } from "./OrganizationSelector.tsx";
import { WorkspaceSelector } from "./WorkspaceSelector.tsx";

/** Organization, workspace and environment controls, once the merchant has a workspace. */
export function TenancyBar() {
  const { state } = useMerchant();
  if (!state.currentWorkspaceId) return null;
  return (
    <div className="tenancy-bar">
      <OrganizationSelector />
      <WorkspaceSelector />
      <EnvironmentSwitcher />
    </div>
  );
}
