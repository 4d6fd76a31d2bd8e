import { Check } from "lucide-react";
import { useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { Dropdown } from "../ui/Dropdown.tsx";
import { CreateEnvironmentModal } from "./CreateEnvironmentModal.tsx";
import { EnvironmentManagerModal } from "./EnvironmentManagerModal.tsx";
import { useEnvironments } from "./environments.tsx";
import { ENVIRONMENTS, TENANCY } from "./messages.ts";
import { useCan } from "./role.tsx";

/** Environments grouped Sandbox / Production, with loading, error + 'Try again', 'Create one' and actions. */
export function EnvironmentSwitcher() {
  const { list, current, loading, error, refresh, select } = useEnvironments();
  const [dialog, setDialog] = useState<"create" | "manage" | null>(null);
  const hasWorkspace = useMerchant().state.currentWorkspaceId !== "";
  // Environments are the workspace's settings: only a role that may change them creates or manages them.
  const manages = useCan("settings.write");
  const groups = [
    { type: "sandbox" as const, title: ENVIRONMENTS.sandbox },
    { type: "production" as const, title: ENVIRONMENTS.production },
  ];
  return (
    <>
      <Dropdown
        label={`${ENVIRONMENTS.switcherLabel}: ${current?.name ?? ""}`}
        buttonText={
          <>
            <span
              className={current?.type === "production" ? "dot dot-live" : "dot dot-test"}
              aria-hidden="true"
            />
            <span className="truncate" title={current?.name}>
              {current?.name ?? ENVIRONMENTS.switcherLabel}
            </span>
          </>
        }
        testId="environment-switcher"
      >
        {(close) =>
          !hasWorkspace ? (
            <p className="menu-note">{TENANCY.noWorkspaceYet}</p>
          ) : (
            <>
              {loading ? (
                <p className="menu-note" role="status">
                  {ENVIRONMENTS.loading}
                </p>
              ) : null}
              {error ? (
                <div className="menu-note" role="alert">
                  <span className="error-text">{error}</span>{" "}
                  <button type="button" className="text-link" onClick={() => void refresh()}>
                    {ENVIRONMENTS.tryAgain}
                  </button>
                </div>
              ) : null}
              {!loading && !error && list.length === 0 ? (
                <p className="menu-note">
                  {ENVIRONMENTS.none}{" "}
                  {manages ? (
                    <button type="button" className="text-link" onClick={() => setDialog("create")}>
                      {ENVIRONMENTS.createOne}
                    </button>
                  ) : null}
                </p>
              ) : null}
              {groups.map((g) => {
                const items = list.filter((e) => e.type === g.type);
                if (items.length === 0) return null;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a labelled group of menu items
                  <div key={g.type} role="group" aria-label={g.title}>
                    <div className="menu-heading">{g.title}</div>
                    {items.map((env) => (
                      <button
                        key={env.id}
                        type="button"
                        className="menu-item"
                        aria-current={env.id === current?.id ? "true" : undefined}
                        onClick={() => {
                          select(env.id);
                          close();
                        }}
                      >
                        {env.name} {env.id === current?.id ? <Check aria-label="current" size={14} /> : null}
                      </button>
                    ))}
                  </div>
                );
              })}
              {manages ? (
                <>
                  <hr />
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      setDialog("create");
                    }}
                  >
                    {ENVIRONMENTS.create}
                  </button>
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      setDialog("manage");
                    }}
                  >
                    {ENVIRONMENTS.manage}
                  </button>
                </>
              ) : null}
            </>
          )
        }
      </Dropdown>
      {dialog === "create" ? <CreateEnvironmentModal onClose={() => setDialog(null)} /> : null}
      {dialog === "manage" ? <EnvironmentManagerModal onClose={() => setDialog(null)} /> : null}
    </>
  );
}
