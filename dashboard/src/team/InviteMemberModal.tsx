import { ROLE_DESCRIPTIONS, type Role } from "@spay/protocol";
import { type FormEvent, useId, useState } from "react";
import type { Invitation } from "../api/types.ts";
import { ROLE_TEXT } from "../tenancy/messages.ts";
import { FormActions } from "../ui/FormActions.tsx";
import { Modal } from "../ui/Modal.tsx";
import { TEAM } from "./messages.ts";
import { teamErrorText } from "./useTeam.ts";

/** The least a new member can be given: more can be granted once they are in. */
const DEFAULT_ROLE: Role = "support";

/** The API's limit on an email address. */
const EMAIL_MAX = 254;

/**
 * Invite by email with a role (only the roles the inviter may grant); the chosen role's description
 * sits under the choice. The server mails the link; its refusal (already a member, an invitation
 * pending) shows beside the button and the typed address stays.
 */
export function InviteMemberModal({
  roles,
  invite,
  onClose,
  onInvited,
}: {
  roles: readonly Role[];
  invite(input: { email: string; role: Role }): Promise<Invitation>;
  onClose(): void;
  onInvited(invitation: Invitation): void;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(
    roles.includes(DEFAULT_ROLE) ? DEFAULT_ROLE : (roles[0] ?? "support"),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), role: useId(), description: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return setError(TEAM.emailRequired);
    setBusy(true);
    setError(null);
    try {
      onInvited(await invite({ email: address, role }));
    } catch (err) {
      setError(TEAM.inviteFailed(teamErrorText(err)));
      setBusy(false);
    }
  };

  return (
    <Modal title={TEAM.inviteTitle} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.email}>{TEAM.email}</label>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>{TEAM.role}</label>
          <select
            id={ids.role}
            value={role}
            aria-describedby={ids.description}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_TEXT.names[r]}
              </option>
            ))}
          </select>
          <p id={ids.description} className="muted" data-testid="invite-role-description">
            {ROLE_DESCRIPTIONS[role]}
          </p>
        </div>
        <FormActions
          error={error}
          busy={busy}
          submit={TEAM.sendInvite}
          busyText={TEAM.sending}
          cancel={TEAM.cancel}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
