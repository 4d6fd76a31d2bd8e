import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { deleteAccount } from "../api/account.ts";
import { isStepUpCanceled, useStepUp } from "../security/useStepUp.tsx";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { deleteAccountRequest } from "./delete-account-rules.ts";
import { SETTINGS } from "./messages.ts";

/** Type exactly DELETE; the server deletes everything; local data is cleared; back to /. */
export function DeleteAccountModal({ onClose }: { onClose(): void }) {
  const { user, token, clear } = useSession();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // Deleting needs the second factor proved in the last five minutes, when the account has one.
  const stepUp = useStepUp();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = deleteAccountRequest(typed, user);
    if (!request.ok) return setError(request.error);
    if (!token) return setError(SETTINGS.deleteNoIdentity);
    setBusy(true);
    try {
      await stepUp.run(() => deleteAccount(token, request.identity));
      clear();
      navigate("/", { replace: true });
    } catch (err) {
      setBusy(false);
      if (isStepUpCanceled(err)) return;
      setError(
        SETTINGS.deleteFailedAlert(err instanceof Error && err.message ? err.message : SETTINGS.deleteFailed),
      );
    }
  };

  return (
    <Modal title={SETTINGS.deleteAccount} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <p>{SETTINGS.deleteWarning}</p>
        <label htmlFor={id}>{SETTINGS.typeDelete}</label>
        <input
          id={id}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          data-autofocus
        />
        <div role="alert" className="error-text">
          {error}
        </div>
        <div className="row row-end">
          <button type="button" className="button" onClick={onClose}>
            {SETTINGS.cancel}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? SETTINGS.deleting : SETTINGS.deleteAccount}
          </button>
        </div>
      </form>
      {stepUp.dialog}
    </Modal>
  );
}
