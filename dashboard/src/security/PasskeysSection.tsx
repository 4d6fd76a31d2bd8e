import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorMessage } from "../api/http.ts";
import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from "../api/passkeys.ts";
import type { Passkey } from "../api/types.ts";
import { passkeyCeremony, passkeyRefusal, passkeysSupported } from "../auth/passkey-ceremony.ts";
import { useSession } from "../state/session.tsx";
import { ConfirmDialog } from "../team/ConfirmDialog.tsx";
import { formatDate } from "../ui/format.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { useEnrollmentGate } from "./EnrollmentGate.tsx";
import { PASSKEYS } from "./messages.ts";
import { securityKeys, usePasskeys } from "./useSecurity.ts";
import { isStepUpCanceled, useStepUp } from "./useStepUp.tsx";

/**
 * Passkeys: the account's list (name, synced or not, added, last used), adding one from this
 * browser, renaming and removing. Adding and removing ask for the second factor again when the
 * server wants a fresh one; either signs out the account's other sessions.
 */
export function PasskeysSection() {
  const { token } = useSession();
  const client = useQueryClient();
  const gate = useEnrollmentGate();
  const passkeys = usePasskeys(token);
  const stepUp = useStepUp();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();
  const list = passkeys.data ?? [];

  const afterChange = () => {
    void client.invalidateQueries({ queryKey: securityKeys.passkeys() });
    void client.invalidateQueries({ queryKey: securityKeys.twoFactor() });
    void client.invalidateQueries({ queryKey: securityKeys.sessions() });
  };

  const add = async () => {
    if (!token) return;
    setAdding(true);
    setError(null);
    setNews(null);
    try {
      const options = await stepUp.run(() => passkeyRegistrationOptions(token));
      const passkey = await registerPasskey(token, await passkeyCeremony.create(options));
      // Listed at once, with the news that names it: the refetch below only confirms it.
      client.setQueryData<Passkey[]>(securityKeys.passkeys(), (old) => [
        ...(old ?? []).filter((p) => p.id !== passkey.id),
        passkey,
      ]);
      setNews(PASSKEYS.added(passkey.name));
      afterChange();
      // A passkey is a second factor: an organization that asked for one lets the member in now.
      gate?.satisfied();
      void client.invalidateQueries();
    } catch (err) {
      const refusal = passkeyRefusal(err);
      if (refusal === "canceled") setError(PASSKEYS.canceled);
      else if (refusal === "already_registered") setError(PASSKEYS.alreadyRegistered);
      else if (!isStepUpCanceled(err)) setError(PASSKEYS.addFailed(fieldErrorOf(err).message));
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!token || !removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await stepUp.run(() => removePasskey(token, removing.id));
      client.setQueryData<Passkey[]>(securityKeys.passkeys(), (old) =>
        old?.filter((p) => p.id !== removing.id),
      );
      setNews(PASSKEYS.removed(removing.name));
      setRemoving(null);
      afterChange();
    } catch (err) {
      if (!isStepUpCanceled(err)) setRemoveError(PASSKEYS.removeFailed(fieldErrorOf(err).message));
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <section className="security-block" aria-labelledby="passkeys-title" aria-busy={passkeys.isFetching}>
      <h3 id="passkeys-title">{PASSKEYS.title}</h3>
      <p className="muted">{PASSKEYS.intro}</p>
      {passkeys.isPending && !passkeys.isError ? <Loading label={PASSKEYS.loading} /> : null}
      {passkeys.error ? (
        <ErrorNotice
          message={PASSKEYS.failed(errorMessage(passkeys.error))}
          onRetry={() => void passkeys.refetch()}
        />
      ) : null}
      {passkeys.data && list.length === 0 ? <p className="muted">{PASSKEYS.none}</p> : null}
      {list.length > 0 ? (
        <ul className="list passkey-list" aria-label={PASSKEYS.title}>
          {list.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              onRename={(name) => {
                if (!token) return Promise.resolve();
                return renamePasskey(token, p.id, name).then((saved) => {
                  client.setQueryData<Passkey[]>(securityKeys.passkeys(), (old) =>
                    old?.map((x) => (x.id === saved.id ? saved : x)),
                  );
                  setNews(PASSKEYS.renamed(saved.name));
                });
              }}
              onRemove={() => {
                setRemoveError(null);
                setNews(null);
                setRemoving(p);
              }}
            />
          ))}
        </ul>
      ) : null}
      <div className="row">
        {supported ? (
          <button type="button" className="button button-small" disabled={adding} onClick={() => void add()}>
            {adding ? PASSKEYS.adding : PASSKEYS.add}
          </button>
        ) : (
          <p className="muted">{PASSKEYS.unsupported}</p>
        )}
      </div>
      <p role="alert" className="error-text">
        {error}
      </p>
      <p role="status" className="success-text" data-testid="passkeys-news">
        {news}
      </p>
      {removing ? (
        <ConfirmDialog
          title={PASSKEYS.removeTitle}
          message={PASSKEYS.removeConfirm(removing.name)}
          confirm={PASSKEYS.remove}
          busyText={PASSKEYS.removing}
          busy={removeBusy}
          error={removeError}
          onConfirm={() => void remove()}
          onClose={() => setRemoving(null)}
        />
      ) : null}
      {stepUp.dialog}
    </section>
  );
}

/** One passkey: its name (renamed in place), whether its provider syncs it, when added and last used. */
function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename(name: string): Promise<void>;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // The field the Rename button just opened takes the focus.
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    setError(null);
    // Back to where the rename started.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(PASSKEYS.nameRequired);
    setBusy(true);
    setError(null);
    try {
      await onRename(trimmed);
      stop();
    } catch (err) {
      setError(PASSKEYS.renameFailed(fieldErrorOf(err).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="list-row passkey-row" data-testid={`passkey-${passkey.id}`}>
      {editing ? (
        <form className="row passkey-rename" onSubmit={save}>
          <label htmlFor={inputId} className="visually-hidden">
            {PASSKEYS.newName}
          </label>
          <input
            ref={input}
            id={inputId}
            className="passkey-name-input"
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                // The field's own Escape: the rename stops, the page stays.
                e.stopPropagation();
                stop();
              }
            }}
          />
          <button type="submit" className="button button-small button-primary" disabled={busy}>
            {busy ? PASSKEYS.saving : PASSKEYS.save}
          </button>
          <button type="button" className="button button-small" onClick={stop}>
            {PASSKEYS.cancel}
          </button>
          <p role="alert" className="error-text">
            {error}
          </p>
        </form>
      ) : (
        <div className="stack-tight">
          <div className="row key-heading">
            <strong className="truncate key-name" title={passkey.name}>
              {passkey.name}
            </strong>
            {passkey.backed_up ? (
              <span className="badge" title={PASSKEYS.syncedHint}>
                {PASSKEYS.synced}
              </span>
            ) : null}
          </div>
          <span className="muted">
            {PASSKEYS.added_on(formatDate(passkey.created_at))} ·{" "}
            {PASSKEYS.lastUsed(passkey.last_used_at ? formatDate(passkey.last_used_at) : null)}
          </span>
        </div>
      )}
      {editing ? null : (
        <div className="row">
          <button
            ref={renameButton}
            type="button"
            className="button button-small"
            aria-label={PASSKEYS.renameOf(passkey.name)}
            onClick={() => {
              setName(passkey.name);
              setEditing(true);
            }}
          >
            {PASSKEYS.rename}
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            aria-label={PASSKEYS.removeOf(passkey.name)}
            onClick={onRemove}
          >
            {PASSKEYS.remove}
          </button>
        </div>
      )}
    </li>
  );
}
