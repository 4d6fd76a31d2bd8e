import { useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { Dropdown } from "../ui/Dropdown.tsx";
import { CreateTenantModal } from "./CreateTenantModal.tsx";
import { TENANCY } from "./messages.ts";

/** Organizations with member and workspace counts and description; choosing one selects its first workspace. */
export function OrganizationSelector() {
  const { state, selectOrganization } = useMerchant();
  const [creating, setCreating] = useState(false);
  const current = state.organizations.find((o) => o.id === state.currentOrganizationId);
  return (
    <>
      <Dropdown
        label={`${TENANCY.organizationLabel}: ${current?.name ?? ""}`}
        buttonText={
          <span className="truncate" title={current?.name}>
            {current?.name ?? TENANCY.organizationLabel}
          </span>
        }
        testId="organization-selector"
      >
        {(close) => (
          <>
            {state.organizations.map((o) => (
              <button
                key={o.id}
                type="button"
                className="menu-item menu-item-rich"
                aria-current={o.id === current?.id ? "true" : undefined}
                onClick={() => {
                  close();
                  void selectOrganization(o.id);
                }}
              >
                <strong>{o.name}</strong>
                <span className="muted">
                  {TENANCY.members(o.user_count)} · {TENANCY.workspaces(o.workspace_count)}
                </span>
                {o.description ? <span className="muted">{o.description}</span> : null}
              </button>
            ))}
            <hr />
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                close();
                setCreating(true);
              }}
            >
              + {TENANCY.createOrganization}
            </button>
          </>
        )}
      </Dropdown>
      {creating ? <CreateTenantModal kind="organization" onClose={() => setCreating(false)} /> : null}
    </>
  );
}
