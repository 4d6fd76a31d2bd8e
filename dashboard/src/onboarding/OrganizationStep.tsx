import { type FormEvent, useId, useState } from "react";
import { createOrganization, createWorkspace } from "../api/tenancy.ts";
import { ONBOARDING } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { creationErrorMessage } from "../tenancy/creation-errors.ts";
import { slugify } from "../tenancy/slug.ts";

/** The public host shown in the organization URL hint (pay.{host}/{slug}). */
export function paymentHost(): string {
  return window.location.hostname.replace(/^www\./, "");
}

/**
 * Step 1: organization name and slug, workspace name and optional slug. Create is disabled until
 * org name, org slug and workspace name are filled; on success the workspace id shows.
 */
export function OrganizationStep() {
  const { token } = useSession();
  const { state, refresh, selectWorkspace } = useMerchant();
  const [orgName, setOrgName] = useState("");
  const [orgSlug, setOrgSlug] = useState<string | null>(null);
  const [wsName, setWsName] = useState("");
  const [wsSlug, setWsSlug] = useState("");
  const [createdOrgId, setCreatedOrgId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { orgName: useId(), orgSlug: useId(), wsName: useId(), wsSlug: useId() };
  const shownOrgSlug = orgSlug ?? slugify(orgName);
  const ready = orgName.trim() !== "" && shownOrgSlug.trim() !== "" && wsName.trim() !== "";
  const current = state.workspaces.find((w) => w.id === state.currentWorkspaceId);
  const currentOrg = state.organizations.find((o) => o.id === state.currentOrganizationId);

  if (current) {
    return (
      <div className="stack">
        <p>
          {ONBOARDING.workspaceId}: <code data-testid="workspace-id">{current.id}</code>
        </p>
        <p className="muted">
          {currentOrg?.name} / {current.name} · {ONBOARDING.orgUrlHint(paymentHost(), currentOrg?.slug ?? "")}
        </p>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || !ready) return;
    setBusy(true);
    setError(null);
    let stage: "organization" | "workspace" = "organization";
    try {
      const orgId =
        createdOrgId ??
        (await createOrganization(token, { name: orgName.trim(), slug: shownOrgSlug.trim() })).id;
      setCreatedOrgId(orgId);
      stage = "workspace";
      const slug = wsSlug.trim() || slugify(wsName);
      const ws = await createWorkspace(token, orgId, { name: wsName.trim(), ...(slug ? { slug } : {}) });
      await refresh();
      await selectWorkspace(ws.id);
    } catch (err) {
      setError(creationErrorMessage(err, stage));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-grid" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.orgName}>{ONBOARDING.orgName}</label>
        <input
          id={ids.orgName}
          value={orgName}
          required
          disabled={createdOrgId !== null}
          onChange={(e) => setOrgName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.orgSlug}>{ONBOARDING.orgSlug}</label>
        <input
          id={ids.orgSlug}
          value={shownOrgSlug}
          required
          disabled={createdOrgId !== null}
          aria-describedby={`${ids.orgSlug}-hint`}
          onChange={(e) => setOrgSlug(e.target.value)}
        />
        <small id={`${ids.orgSlug}-hint`} className="muted" data-testid="org-url-hint">
          {ONBOARDING.orgUrlHint(paymentHost(), shownOrgSlug)}
        </small>
      </div>
      <div className="field">
        <label htmlFor={ids.wsName}>{ONBOARDING.workspaceName}</label>
        <input id={ids.wsName} value={wsName} required onChange={(e) => setWsName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.wsSlug}>{ONBOARDING.workspaceSlug}</label>
        <input
          id={ids.wsSlug}
          value={wsSlug}
          placeholder={slugify(wsName)}
          onChange={(e) => setWsSlug(e.target.value)}
        />
      </div>
      <div role="alert" className="error-text field-wide">
        {error}
      </div>
      <div className="field-wide">
        <button type="submit" className="button button-primary" disabled={!ready || busy}>
          {busy ? ONBOARDING.creating : ONBOARDING.create}
        </button>
      </div>
    </form>
  );
}
