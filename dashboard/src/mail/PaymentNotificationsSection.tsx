import { type FormEvent, useId, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceSettings } from "../state/merchant-queries.ts";
import { useSession } from "../state/session.tsx";
import { useCan } from "../tenancy/role.tsx";
import { MAIL } from "./messages.ts";

/**
 * The merchant's own email on every settled payment. The address is the workspace's
 * `notify_on_payment_email`; empty turns it off. The server validates it (an invalid address is
 * shown beside the field in plain words) and audit-logs each change.
 */
export function PaymentNotificationsSection() {
  const { token } = useSession();
  const { state } = useMerchant();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const workspace = state.workspaces.find((w) => w.id === state.currentWorkspaceId);
  const current = workspace?.notify_on_payment_email ?? null;
  const [draft, setDraft] = useState<string | null>(null);
  const write = useWorkspaceSettings(token);
  const [error, setError] = useState<string | null>(null);
  const saving = write.isPending;
  const edits = useCan("settings.write");
  if (!workspace || !token) return null;
  // Whose setting it is, Settings says at its top; the address in use shows to everyone.
  if (!edits)
    return (
      <p role="status" className="truncate" title={current ?? undefined}>
        {current ? MAIL.notifyOn(current) : MAIL.notifyIsOff}
      </p>
    );
  const value = draft ?? current ?? "";

  const save = (email: string | null) => {
    setError(null);
    write.mutate(
      { workspaceId: workspace.id, settings: { notify_on_payment_email: email } },
      { onSuccess: () => setDraft(null), onError: (err) => setError(fieldErrorOf(err).message) },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(value.trim() === "" ? null : value.trim());
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{MAIL.notifyLabel}</label>
      <div className="inline-form">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={value}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? MAIL.notifySaving : MAIL.notifySave}
        </button>
        {current ? (
          <button type="button" className="button" disabled={saving} onClick={() => save(null)}>
            {MAIL.notifyOff}
          </button>
        ) : null}
      </div>
      <p id={hintId} className="muted">
        {MAIL.notifyHint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="error-text">
          {error}
        </p>
      ) : null}
      <p role="status" className="truncate" title={current ?? undefined}>
        {current ? MAIL.notifyOn(current) : MAIL.notifyIsOff}
      </p>
    </form>
  );
}
