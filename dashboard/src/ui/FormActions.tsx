import type { ReactNode } from "react";

/**
 * The foot of a modal form: the form's error (announced as an alert; empty until there is one), then
 * its submit button — busy text while the request is out — and Cancel.
 */
export function FormActions({
  error,
  busy = false,
  submit,
  busyText,
  cancel,
  onCancel,
  tone = "primary",
}: {
  error: ReactNode;
  busy?: boolean;
  submit: string;
  busyText?: string;
  cancel: string;
  onCancel(): void;
  /** `danger` for a submit that takes something away (revoke, roll now). */
  tone?: "primary" | "danger";
}) {
  return (
    <>
      <p role="alert" className="error-text">
        {error}
      </p>
      <div className="row">
        <button type="submit" className={`button button-${tone}`} disabled={busy}>
          {busy && busyText ? busyText : submit}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </>
  );
}
