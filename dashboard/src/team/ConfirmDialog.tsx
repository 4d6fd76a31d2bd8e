import type { FormEvent } from "react";
import { FormActions } from "../ui/FormActions.tsx";
import { Modal } from "../ui/Modal.tsx";
import { TEAM } from "./messages.ts";

/**
 * A question before a change that cannot be taken back from this screen (removing a member,
 * leaving, giving away ownership); the server's refusal shows in the dialog, beside the button.
 */
export function ConfirmDialog({
  title,
  message,
  confirm,
  busyText,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirm: string;
  busyText: string;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm();
  };
  return (
    <Modal title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <p className="confirm-text">{message}</p>
        <FormActions
          error={error}
          busy={busy}
          tone="danger"
          submit={confirm}
          busyText={busyText}
          cancel={TEAM.cancel}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
