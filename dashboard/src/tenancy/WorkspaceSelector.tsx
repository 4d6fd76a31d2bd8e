import { useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { Dropdown } from "../ui/Dropdown.tsx";
import { CreateTenantModal } from "./CreateTenantModal.tsx";
import { TENANCY } from "./messages.ts";
import { useCan } from "./role.tsx";
import { groupWorkspaces } from "./workspace-groups.ts";

/** Search, workspaces grouped by organization (alphabetical) with member counts, and create. */
export function WorkspaceSelector() {
  const { state, selectWorkspace } = useMerchant();
  const [query, setQuery] = useState("");
  const [creating, setCreating] = useState(false);
  // A workspace is created in the current organization: a change of its settings.
  const createsWorkspaces = useCan("settings.write");
  const current = state.workspaces.find((w) => w.id === state.currentWorkspaceId);
  const groups = groupWorkspaces(state.workspaces, state.organizations, query);
  return (
    <>
      <Dropdown
        label={`${TENANCY.workspaceLabel}: ${current?.name ?? ""}`}
        buttonText={
          <span className="truncate" title={current?.name}>
            {current?.name ?? TENANCY.noWorkspace}
          </span>
        }
        testId="workspace-selector"
      >
        {(close) => (
          <>
            <input
              type="search"
              aria-label={TENANCY.searchWorkspaces}
              placeholder={TENANCY.searchWorkspaces}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="menu-search"
            />
            {groups.length === 0 ? <p className="menu-note">{TENANCY.noWorkspaces}</p> : null}
            {groups.map((g) => (
              // biome-ignore lint/a11y/useSemanticElements: a labelled group of menu items
              <div key={g.organizationName} role="group" aria-label={g.organizationName}>
                <div className="menu-heading">{g.organizationName}</div>
                {g.workspaces.map((w) => (
                  <button
                    key={w.id}
                    type="button"
                    className="menu-item"
                    aria-current={w.id === current?.id ? "true" : undefined}
                    onClick={() => {
                      close();
                      void selectWorkspace(w.id);
                    }}
                  >
                    {w.name} <span className="muted">{TENANCY.members(w.user_count)}</span>
                  </button>
                ))}
              </div>
            ))}
            {createsWorkspaces ? (
              <>
                <hr />
                <button
                  type="button"
                  className="menu-item"
                  onClick={() => {
                    close();
                    setCreating(true);
                  }}
                >
                  + {TENANCY.createWorkspace}
                </button>
              </>
            ) : null}
          </>
        )}
      </Dropdown>
      {creating ? <CreateTenantModal kind="workspace" onClose={() => setCreating(false)} /> : null}
    </>
  );
}
