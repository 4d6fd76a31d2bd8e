import { useId, useState } from "react";
import { changePassword } from "../api/auth.ts";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorCode } from "../api/http.ts";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ACCOUNT } from "./messages.ts";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { passwordFormError } from "./password-rules.ts";

/** Change Password: the server checks the current password and signs out the other sessions. */
export function ChangePasswordModal({ onClose }: { onClose(): void }) {
  const { token, user } = useSession();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const currentId = useId();
  // A wallet-only account (no email) has no password to confirm.
  const needsCurrent = Boolean(user?.email);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = passwordFormError({ current, next, confirm, needsCurrent });
    if (invalid) return setError(invalid);
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword(token, { ...(current ? { current_password: current } : {}), new_password: next });
      setDone(true);
    } catch (err) {
      // Plain words, never the server's or validator's raw text (a weak password keeps the
      // server's reason: the strength estimator's warning and suggestions, written for people).
      const { message } = fieldErrorOf(err, { current_password_incorrect: ACCOUNT.currentIncorrect });
      const code = errorCode(err);
      setError(
        code === "current_password_incorrect" || code === "password_too_weak"
          ? message
          : ACCOUNT.saveFailed(message),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={ACCOUNT.changePasswordTitle} onClose={onClose}>
      {done ? (
        <p role="status" className="success-text">
          {ACCOUNT.passwordChanged}
        </p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          {needsCurrent ? (
            <div className="field">
              <label htmlFor={currentId}>{ACCOUNT.currentPassword}</label>
              <input
                id={currentId}
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </div>
          ) : null}
          <NewPasswordFields
            labels={{ password: ACCOUNT.newPassword, confirm: ACCOUNT.confirmPassword }}
            password={next}
            confirm={confirm}
            onPassword={setNext}
            onConfirm={setConfirm}
          />
          <p role="alert" className="error-text">
            {error}
          </p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {ACCOUNT.savePassword}
          </button>
        </form>
      )}
    </Modal>
  );
}
