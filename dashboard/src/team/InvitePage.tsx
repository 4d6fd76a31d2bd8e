import { ERRORS, ROLE_DESCRIPTIONS } from "@spay/protocol";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { errorCode } from "../api/http.ts";
import { acceptInvitation, previewInvitation, registerWithInvitation } from "../api/members.ts";
import type { InvitationPreview } from "../api/types.ts";
import { AuthModal } from "../auth/AuthModal.tsx";
import { PublicPage } from "../checkout/PublicPage.tsx";
import { formatTime } from "../payments/payment-rules.ts";
import { NewPasswordFields } from "../settings/NewPasswordFields.tsx";
import { MIN_PASSWORD_LENGTH, passwordFormError } from "../settings/password-rules.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { ROLE_TEXT } from "../tenancy/messages.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { INVITE } from "./messages.ts";
import { teamErrorText } from "./useTeam.ts";

/** The token of an invitation link: everything after `#` (`/invite#invtok_…`), or "" without one. */
export function tokenFromHash(hash: string): string {
  const raw = hash.replace(/^#/, "").trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Preview =
  | { state: "loading" }
  | { state: "ready"; invitation: InvitationPreview }
  | { state: "invalid"; message: string }
  | { state: "failed"; message: string };

/**
 * /invite: the page an invitation's email links to, signed out or in. The token is read from the
 * address once and taken out of it at once (it opens the organization to whoever holds it, so it
 * must not stay in the address bar, the history or a shared screenshot); the page keeps it in memory.
 * It shows what the invitation offers, then: a new address creates its account here; an address
 * with an account signs in, then accepts; a signed-in account accepts (the server checks it is the
 * invited address).
 */
export function InvitePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash));

  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  return (
    <PublicPage>
      <h1>{INVITE.title}</h1>
      {token ? <InvitationView token={token} /> : <p className="notice">{INVITE.noToken}</p>}
    </PublicPage>
  );
}

function InvitationView({ token }: { token: string }) {
  const [preview, setPreview] = useState<Preview>({ state: "loading" });

  // A plain read, not the server-state cache: signing in or out clears that cache, and this page
  // outlives both.
  const load = useCallback(() => {
    let active = true;
    setPreview({ state: "loading" });
    previewInvitation(token).then(
      (invitation) => active && setPreview({ state: "ready", invitation }),
      (err: unknown) => {
        if (!active) return;
        const code = errorCode(err);
        // A malformed token is as unusable as an unknown one: one message for both.
        if (code === "invitation_invalid" || code === "parameter_invalid")
          setPreview({
            state: "invalid",
            message: code === "invitation_invalid" ? teamErrorText(err) : ERRORS.invitation_invalid.message,
          });
        else setPreview({ state: "failed", message: INVITE.loadFailed(teamErrorText(err)) });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  useEffect(load, [load]);

  if (preview.state === "loading") return <Loading label={INVITE.loading} />;
  if (preview.state === "failed") return <ErrorNotice message={preview.message} onRetry={load} />;
  if (preview.state === "invalid")
    return (
      <section className="card" aria-labelledby="invite-invalid-title" data-testid="invite-invalid">
        <h2 id="invite-invalid-title">{INVITE.invalidTitle}</h2>
        <p>{preview.message}</p>
        <p className="muted">{INVITE.invalidHint}</p>
      </section>
    );
  return <InvitationCard token={token} invitation={preview.invitation} />;
}

function InvitationCard({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { status } = useSession();
  const role = ROLE_TEXT.names[invitation.role];
  return (
    <section className="card invite-card stack" aria-labelledby="invite-heading" data-testid="invitation">
      <h2 id="invite-heading">{INVITE.heading(invitation.organization_name)}</h2>
      <p>{INVITE.invitedBy(invitation.inviter, invitation.organization_name, role)}</p>
      <dl className="details">
        <div className="field-row">
          <dt>{INVITE.roleLabel}</dt>
          <dd>
            <span className="badge">{role}</span>
            <span className="muted">{ROLE_DESCRIPTIONS[invitation.role]}</span>
          </dd>
        </div>
        <div className="field-row">
          <dt>{INVITE.invitedEmail}</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div className="field-row">
          <dt>{INVITE.expires}</dt>
          <dd>{formatTime(invitation.expires_at)}</dd>
        </div>
      </dl>
      {status === "validating" ? (
        <Loading />
      ) : status === "signed_in" ? (
        <AcceptInvitation token={token} />
      ) : invitation.account_exists ? (
        <SignInToAccept email={invitation.email} />
      ) : (
        <RegisterWithInvitation token={token} />
      )}
    </section>
  );
}

/** The invitation's organization becomes the current one, then the dashboard opens on it. */
function useEnterOrganization() {
  const { refresh, selectOrganization } = useMerchant();
  const navigate = useNavigate();
  return async (organizationId: string, known: boolean) => {
    // A signed-in account's organizations were read before it joined: read them again first, or
    // the new one would be unknown and the choice would fall back to another.
    if (known) await refresh();
    await selectOrganization(organizationId);
    navigate("/", { replace: true });
  };
}

function AcceptInvitation({ token }: { token: string }) {
  const { token: session, user, signOut } = useSession();
  const enter = useEnterOrganization();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string | null; message: string } | null>(null);

  const accept = async () => {
    if (!session) return;
    setBusy(true);
    setError(null);
    try {
      const { organization_id } = await acceptInvitation(session, token);
      await enter(organization_id, true);
    } catch (err) {
      setError({ code: errorCode(err), message: INVITE.failed(teamErrorText(err)) });
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      {user?.email ? <p className="muted">{INVITE.signedInAs(user.email)}</p> : null}
      <div className="row">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void accept()}>
          {busy ? INVITE.accepting : INVITE.accept}
        </button>
      </div>
      <p role="alert" className="error-text">
        {error?.message}
      </p>
      {error?.code === "invitation_email_mismatch" ? (
        <div className="stack">
          <p className="muted">{INVITE.mismatchHint}</p>
          <div className="row">
            <button type="button" className="button" onClick={() => void signOut()}>
              {INVITE.signOut}
            </button>
          </div>
        </div>
      ) : null}
      {error?.code === "already_member" ? (
        <p>
          <Link to="/">{INVITE.toDashboard}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** An account with the invited address exists: sign in with it (the page stays), then accept. */
function SignInToAccept({ email }: { email: string }) {
  const [signingIn, setSigningIn] = useState(false);
  return (
    <div className="stack">
      <p>{INVITE.signInLead(email)}</p>
      <div className="row">
        <button
          type="button"
          className="button button-primary invite-sign-in"
          onClick={() => setSigningIn(true)}
        >
          {INVITE.signIn(email)}
        </button>
      </div>
      {signingIn ? (
        <AuthModal
          initialMode="signin"
          initialEmail={email}
          onClose={() => setSigningIn(false)}
          onSignedIn={() => setSigningIn(false)}
        />
      ) : null}
    </div>
  );
}

/** No account with the invited address: one is made with it, signed in as sign-in does, then joined. */
function RegisterWithInvitation({ token }: { token: string }) {
  const { signIn } = useSession();
  const enter = useEnterOrganization();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = passwordFormError({ current: "", next: password, confirm, needsCurrent: false });
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    try {
      const trimmed = name.trim();
      const grant = await registerWithInvitation({ token, password, ...(trimmed ? { name: trimmed } : {}) });
      signIn(grant);
      await enter(grant.organization_id, false);
    } catch (err) {
      setError(INVITE.failed(teamErrorText(err)));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={INVITE.register}>
      <p>{INVITE.registerLead}</p>
      <div className="field">
        <label htmlFor={nameId}>{INVITE.name}</label>
        <input
          id={nameId}
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <NewPasswordFields
        labels={{ password: INVITE.password, confirm: INVITE.confirmPassword }}
        hint={INVITE.passwordHint(MIN_PASSWORD_LENGTH)}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <p role="alert" className="error-text">
        {error}
      </p>
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? INVITE.registering : INVITE.register}
        </button>
      </div>
    </form>
  );
}
