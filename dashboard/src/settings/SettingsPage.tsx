import { useState } from "react";
import { Link } from "react-router-dom";
import { updateProfile } from "../api/auth.ts";
import { fieldErrorOf } from "../api/field-errors.ts";
import { MAIL } from "../mail/messages.ts";
import { PaymentNotificationsSection } from "../mail/PaymentNotificationsSection.tsx";
import { BUSINESS_PROFILE_LIMITS, useBusinessProfileSave } from "../onboarding/BusinessInfoStep.tsx";
import { SecuritySection } from "../security/SecuritySection.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { CreateEnvironmentModal } from "../tenancy/CreateEnvironmentModal.tsx";
import { CreateTenantModal } from "../tenancy/CreateTenantModal.tsx";
import { EnvironmentManagerModal } from "../tenancy/EnvironmentManagerModal.tsx";
import { useEnvironments } from "../tenancy/environments.tsx";
import { OrganizationSelector } from "../tenancy/OrganizationSelector.tsx";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { WorkspaceSelector } from "../tenancy/WorkspaceSelector.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { formatDate } from "../ui/format.ts";
import { AuditLogSection } from "./AuditLogSection.tsx";
import { CheckoutPricingSection } from "./CheckoutPricingSection.tsx";
import { DeleteAccountModal } from "./DeleteAccountModal.tsx";
import { EditableField } from "./EditableField.tsx";
import { ACCOUNT, SETTINGS } from "./messages.ts";

/**
 * SPEC.md §2 "Settings". The account is the signed-in person's own; the workspace's settings
 * (business profile, environments, pricing, notifications) change only with the role's right, and
 * the page says so once, at the top.
 */
export function SettingsPage() {
  return (
    <div className="page">
      <h1>{SETTINGS.title}</h1>
      <RoleNote permission="settings.write" />
      <AccountSection />
      <TenancySection />
      <WalletSection />
      <CheckoutPricingSection />
      <EnvironmentSection />
      <SecuritySection />
      <AuditLogSection />
      <MailSection />
      <DangerZone />
    </div>
  );
}

/** The receipts mailed to payers, kept in a local inbox without SMTP. */
function MailSection() {
  return (
    <section className="card" aria-labelledby="mail-title">
      <h2 id="mail-title">{MAIL.settingsTitle}</h2>
      <p className="muted">{MAIL.settingsHint}</p>
      <Link to="/mail" className="button">
        {MAIL.settingsLink}
      </Link>
      <PaymentNotificationsSection />
    </section>
  );
}

function AccountSection() {
  const { user, token, updateUser } = useSession();
  const { state } = useMerchant();
  const save = useBusinessProfileSave();
  const edits = useCan("settings.write");
  const saveUser = async (input: { name?: string; email?: string }): Promise<string | null> => {
    if (!token) return null;
    try {
      updateUser(await updateProfile(token, input));
      return null;
    } catch (err) {
      return fieldErrorOf(err, { email_already_exists: ACCOUNT.emailExists }).message;
    }
  };
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">
        {SETTINGS.account} <span className="badge badge-success">{SETTINGS.verified}</span>
      </h2>
      <dl className="details">
        <EditableField label={ACCOUNT.name} value={user?.name ?? ""} onSave={(v) => saveUser({ name: v })} />
        <EditableField
          label={SETTINGS.email}
          type="email"
          value={user?.email ?? ""}
          onSave={(v) => saveUser({ email: v })}
        />
        <div className="field-row">
          <dt>{SETTINGS.accountId}</dt>
          <dd>
            <code>{user?.id}</code>
          </dd>
        </div>
        <div className="field-row">
          <dt>{SETTINGS.created}</dt>
          <dd>{formatDate(user?.created_at)}</dd>
        </div>
        <EditableField
          label="Business name"
          maxLength={BUSINESS_PROFILE_LIMITS.businessName}
          readOnly={!edits}
          value={state.businessName}
          onSave={(v) => save("businessName", v)}
        />
        <EditableField
          label="Website URL"
          type="url"
          maxLength={BUSINESS_PROFILE_LIMITS.websiteUrl}
          readOnly={!edits}
          value={state.websiteUrl}
          onSave={(v) => save("websiteUrl", v)}
        />
        <EditableField
          label="Business description"
          multiline
          maxLength={BUSINESS_PROFILE_LIMITS.businessDescription}
          readOnly={!edits}
          value={state.businessDescription}
          onSave={(v) => save("businessDescription", v)}
        />
      </dl>
    </section>
  );
}

function TenancySection() {
  const { state } = useMerchant();
  const [creating, setCreating] = useState<"organization" | "workspace" | null>(null);
  const createsWorkspaces = useCan("settings.write");
  const seesKeys = useCan("developers.read");
  // Only in a multi-tenant setup: at least one organization and one workspace.
  if (state.organizations.length === 0 || state.workspaces.length === 0) return null;
  const activeKeys = state.apiKeys.filter((k) => k.is_active).length;
  return (
    <section className="card" aria-labelledby="tenancy-title">
      <h2 id="tenancy-title">{SETTINGS.orgAndWorkspace}</h2>
      <dl className="details">
        <div className="field-row">
          <dt>{SETTINGS.currentOrganization}</dt>
          <dd>
            <OrganizationSelector />
          </dd>
        </div>
        <div className="field-row">
          <dt>{SETTINGS.currentWorkspace}</dt>
          <dd>
            <WorkspaceSelector />
          </dd>
        </div>
        <div className="field-row">
          <dt>Totals</dt>
          <dd data-testid="tenancy-totals">
            {SETTINGS.totals(state.organizations.length, state.workspaces.length)}
          </dd>
        </div>
        {seesKeys ? (
          <div className="field-row">
            <dt>{SETTINGS.activeKeys}</dt>
            <dd>{activeKeys}</dd>
          </div>
        ) : null}
      </dl>
      <div className="row">
        <button type="button" className="button" onClick={() => setCreating("organization")}>
          {SETTINGS.newOrganization}
        </button>
        {createsWorkspaces ? (
          <button type="button" className="button" onClick={() => setCreating("workspace")}>
            {SETTINGS.newWorkspace}
          </button>
        ) : null}
        {seesKeys ? (
          <Link to="/integrations" className="button">
            {SETTINGS.manageApiKeys}
          </Link>
        ) : null}
      </div>
      {creating ? <CreateTenantModal kind={creating} onClose={() => setCreating(null)} /> : null}
    </section>
  );
}

function WalletSection() {
  const { state } = useMerchant();
  const { user } = useSession();
  const ws = state.workspaces.find((w) => w.id === state.currentWorkspaceId);
  const stacks = ws?.stacks_address || (state.walletVerified ? state.walletAddress : "");
  const rows = [
    { label: SETTINGS.stacksAddress, value: stacks },
    { label: SETTINGS.bitcoinPayment, value: ws?.bitcoin_payment_address ?? "" },
    { label: SETTINGS.bitcoinOrdinals, value: ws?.bitcoin_ordinals_address ?? "" },
  ].filter((r) => r.value);
  const legacy = !stacks ? (user?.wallet_address ?? "") : "";
  return (
    <section className="card" aria-labelledby="wallet-title">
      <h2 id="wallet-title">
        {SETTINGS.wallet}{" "}
        {stacks ? <span className="badge badge-success">{SETTINGS.walletReady}</span> : null}
      </h2>
      {rows.length === 0 && !legacy ? <p className="muted">{SETTINGS.noWallet}</p> : null}
      <dl className="details">
        {rows.map((r) => (
          <div key={r.label} className="field-row">
            <dt>{r.label}</dt>
            <dd>
              <code className="key">{r.value}</code>
              <CopyButton text={r.value} label={r.label} />
            </dd>
          </div>
        ))}
        {legacy ? (
          <div className="field-row">
            <dt>{SETTINGS.legacyWallet}</dt>
            <dd>
              <code className="key">{legacy}</code>
              <CopyButton text={legacy} label={SETTINGS.legacyWallet} />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function EnvironmentSection() {
  const { list, current, refresh, loading } = useEnvironments();
  const [dialog, setDialog] = useState<"manage" | "create" | null>(null);
  const manages = useCan("settings.write");
  const stats = [
    { label: SETTINGS.statTotal, value: list.length },
    { label: SETTINGS.statSandbox, value: list.filter((e) => e.type === "sandbox").length },
    { label: SETTINGS.statProduction, value: list.filter((e) => e.type === "production").length },
  ];
  return (
    <section className="card" id="environments" aria-labelledby="environments-title">
      <h2 id="environments-title">{SETTINGS.environments}</h2>
      <p>
        {SETTINGS.currentEnvironment}: <strong>{current?.name ?? SETTINGS.notAvailable}</strong>
      </p>
      <ul className="stat-grid" aria-busy={loading}>
        {stats.map((s) => (
          <li key={s.label} className="stat" data-testid={`env-stat-${s.label.toLowerCase()}`}>
            <span className="stat-value">{s.value}</span>
            <span className="stat-label">{s.label}</span>
          </li>
        ))}
      </ul>
      <div className="row">
        {manages ? (
          <>
            <button type="button" className="button" onClick={() => setDialog("manage")}>
              {SETTINGS.manageAll}
            </button>
            <button type="button" className="button" onClick={() => setDialog("create")}>
              {SETTINGS.createNew}
            </button>
          </>
        ) : null}
        <button type="button" className="button" onClick={() => void refresh()}>
          {SETTINGS.refreshStats}
        </button>
      </div>
      {dialog === "manage" ? <EnvironmentManagerModal onClose={() => setDialog(null)} /> : null}
      {dialog === "create" ? <CreateEnvironmentModal onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function DangerZone() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card card-danger" aria-labelledby="danger-title">
      <h2 id="danger-title">{SETTINGS.dangerZone}</h2>
      <p>{SETTINGS.deleteWarning}</p>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        {SETTINGS.deleteAccount}
      </button>
      {open ? <DeleteAccountModal onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
