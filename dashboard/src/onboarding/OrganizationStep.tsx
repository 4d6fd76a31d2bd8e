import { type FormEvent, useId, useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { useTenancyMutations } from "../state/merchant-queries.ts";
import { useSession } from "../state/session.tsx";
import { type CreationError, creationError } from "../tenancy/creation-errors.ts";
import { SLUG_MAX, slugify } from "../tenancy/slug.ts";
import { ONBOARDING } from "./messages.ts";

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
  const { state, selectWorkspace } = useMerchant();
  const create = useTenancyMutations(token);
  const [orgName, setOrgName] = useState("");
  const [orgSlug, setOrgSlug] = useState<string | null>(null);
  const [wsName, setWsName] = useState("");
  const [wsSlug, setWsSlug] = useState("");
  const [createdOrgId, setCreatedOrgId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<(CreationError & { stage: "organization" | "workspace" }) | null>(null);
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
        <p className="muted" style={{ overflowWrap: "anywhere" }}>
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
        (await create.organization.mutateAsync({ name: orgName.trim(), slug: shownOrgSlug.trim() })).id;
      setCreatedOrgId(orgId);
      stage = "workspace";
      const slug = wsSlug.trim() || slugify(wsName);
      const ws = await create.workspace.mutateAsync({
        organizationId: orgId,
        name: wsName.trim(),
        ...(slug ? { slug } : {}),
      });
      await selectWorkspace(ws.id);
    } catch (err) {
      setError({ ...creationError(err, stage), stage });
    } finally {
      setBusy(false);
    }
  };

  // A refused field shows its reason beside it until it is edited.
  const errorFor = (stage: "organization" | "workspace", field: "name" | "slug") =>
    error && error.stage === stage && error.field === field ? error.message : null;
  const fieldProps = (
    stage: "organization" | "workspace",
    field: "name" | "slug",
    id: string,
    hint?: string,
  ) => {
    const message = errorFor(stage, field);
    const describedBy = [hint, message ? `${id}-error` : undefined].filter(Boolean).join(" ");
    return {
      "aria-invalid": message ? true : undefined,
      "aria-describedby": describedBy || undefined,
    };
  };
  const errorText = (stage: "organization" | "workspace", field: "name" | "slug", id: string) => {
    const message = errorFor(stage, field);
    return message ? (
      <span id={`${id}-error`} role="alert" className="error-text">
        {message}
      </span>
    ) : null;
  };
  const clearFor = (stage: "organization" | "workspace", field: "name" | "slug") => {
    if (errorFor(stage, field)) setError(null);
  };

  return (
    <form className="form-grid" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.orgName}>{ONBOARDING.orgName}</label>
        <input
          id={ids.orgName}
          value={orgName}
          required
          maxLength={100}
          disabled={createdOrgId !== null}
          {...fieldProps("organization", "name", ids.orgName)}
          onChange={(e) => {
            setOrgName(e.target.value);
            clearFor("organization", "name");
          }}
        />
        {errorText("organization", "name", ids.orgName)}
      </div>
      <div className="field">
        <label htmlFor={ids.orgSlug}>{ONBOARDING.orgSlug}</label>
        <input
          id={ids.orgSlug}
          value={shownOrgSlug}
          required
          maxLength={SLUG_MAX}
          disabled={createdOrgId !== null}
          {...fieldProps("organization", "slug", ids.orgSlug, `${ids.orgSlug}-hint`)}
          onChange={(e) => {
            setOrgSlug(e.target.value);
            clearFor("organization", "slug");
          }}
        />
        {errorText("organization", "slug", ids.orgSlug)}
        <small id={`${ids.orgSlug}-hint`} className="muted" data-testid="org-url-hint">
          {ONBOARDING.orgUrlHint(paymentHost(), shownOrgSlug)}
        </small>
      </div>
      <div className="field">
        <label htmlFor={ids.wsName}>{ONBOARDING.workspaceName}</label>
        <input
          id={ids.wsName}
          value={wsName}
          required
          maxLength={100}
          {...fieldProps("workspace", "name", ids.wsName)}
          onChange={(e) => {
            setWsName(e.target.value);
            clearFor("workspace", "name");
          }}
        />
        {errorText("workspace", "name", ids.wsName)}
      </div>
      <div className="field">
        <label htmlFor={ids.wsSlug}>{ONBOARDING.workspaceSlug}</label>
        <input
          id={ids.wsSlug}
          value={wsSlug}
          placeholder={slugify(wsName)}
          maxLength={SLUG_MAX}
          {...fieldProps("workspace", "slug", ids.wsSlug)}
          onChange={(e) => {
            setWsSlug(e.target.value);
            clearFor("workspace", "slug");
          }}
        />
        {errorText("workspace", "slug", ids.wsSlug)}
      </div>
      <div role="alert" className="error-text field-wide">
        {error && !error.field ? error.message : null}
      </div>
      <div className="field-wide">
        <button type="submit" className="button button-primary" disabled={!ready || busy}>
          {busy ? ONBOARDING.creating : ONBOARDING.create}
        </button>
      </div>
    </form>
  );
}
