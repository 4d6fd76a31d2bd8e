import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { createApiKey, revokeApiKey } from "../api/api-keys.ts";
import { errorMessage } from "../api/http.ts";
import type { ApiKey } from "../api/types.ts";
import { INTEGRATIONS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { formatDate } from "../ui/format.ts";
import { Modal } from "../ui/Modal.tsx";
import { canToggle, isSecret, keyCopyText, keyStateTone, keyText, lastUsedText } from "./key-rules.ts";

/** SPEC.md §2: API keys — create (Key Name modal), copy, reveal a new secret, revoke. */
export function ApiKeysSection() {
  const { token } = useSession();
  const { state, revealedKeys, revealKeys, refreshWorkspace } = useMerchant();
  const [creating, setCreating] = useState<"pk" | "sk" | null>(null);
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const keys = state.apiKeys.filter((k) => k.state !== "revoked");

  const revoke = async (key: ApiKey) => {
    if (!token || !window.confirm(INTEGRATIONS.confirmRevoke)) return;
    setError(null);
    try {
      await revokeApiKey(token, key.id);
      await refreshWorkspace();
    } catch (err) {
      setError(INTEGRATIONS.revokeFailed(errorMessage(err)));
    }
  };

  const toggle = (id: string) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="row row-between">
        <h2 id="keys-title">{INTEGRATIONS.apiKeys}</h2>
        <div className="row">
          <button type="button" className="button button-small" onClick={() => setCreating("pk")}>
            {INTEGRATIONS.addPublishable}
          </button>
          <button type="button" className="button button-small" onClick={() => setCreating("sk")}>
            {INTEGRATIONS.addSecret}
          </button>
        </div>
      </div>
      <p role="alert" className="error-text">
        {error}
      </p>
      {keys.length === 0 ? <p className="muted">{INTEGRATIONS.noKeys}</p> : null}
      <ul className="list" aria-label={INTEGRATIONS.apiKeys}>
        {keys.map((k) => {
          const full = k.key ?? revealedKeys.find((r) => r.id === k.id)?.key;
          const secret = isSecret(k);
          const revealed = shown.has(k.id);
          const text = keyText(k, full, revealed);
          const copyText = keyCopyText(k, full);
          return (
            <li key={k.id} className="list-row key-row" data-testid={`api-key-${k.id}`}>
              <div className="stack-tight">
                <div className="row key-heading">
                  <strong className="truncate key-name" title={k.name}>
                    {k.name}
                  </strong>
                  <span className="badge">{secret ? INTEGRATIONS.secret : INTEGRATIONS.publishable}</span>
                  <span className="badge">{k.env}</span>
                  <span className={`badge badge-${keyStateTone(k.state)}`}>{k.state}</span>
                </div>
                <code className="key" data-testid="key-value">
                  {text}
                </code>
                {secret && full && !k.key ? <span className="muted">{INTEGRATIONS.shownOnce}</span> : null}
                {secret && !full ? (
                  <span className="muted" id={`${k.id}-hashed`} data-testid="secret-hashed">
                    {INTEGRATIONS.secretHashedNote}
                  </span>
                ) : null}
                <span className="muted">
                  {INTEGRATIONS.created(formatDate(k.created_at))} · {lastUsedText(k)}
                </span>
              </div>
              <div className="row">
                {canToggle(k, full) ? (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={revealed ? INTEGRATIONS.hide(k.name) : INTEGRATIONS.show(k.name)}
                    aria-pressed={revealed}
                    onClick={() => toggle(k.id)}
                  >
                    {revealed ? (
                      <EyeOff aria-hidden="true" size={18} />
                    ) : (
                      <Eye aria-hidden="true" size={18} />
                    )}
                  </button>
                ) : null}
                {copyText !== null ? (
                  <CopyButton text={copyText} label={k.name} />
                ) : (
                  <ShownOnceButton keyId={k.id} name={k.name} />
                )}
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={INTEGRATIONS.revokeLabel(k.name)}
                  onClick={() => void revoke(k)}
                >
                  {INTEGRATIONS.revoke}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {creating ? (
        <CreateKeyModal
          type={creating}
          onClose={() => setCreating(null)}
          onCreated={async (key) => {
            if (key.key && isSecret(key)) {
              revealKeys([...revealedKeys, key]);
              setShown((s) => new Set(s).add(key.id));
            }
            setCreating(null);
            await refreshWorkspace();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * Copy for a secret stored hashed: nothing secret exists to copy, so it copies nothing and says
 * why (Stripe-style: a secret key is shown once, at creation).
 */
function ShownOnceButton({ keyId, name }: { keyId: string; name: string }) {
  const [told, setTold] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-label={INTEGRATIONS.copySecret(name)}
        aria-describedby={`${keyId}-hashed`}
        onClick={() => setTold(true)}
      >
        {INTEGRATIONS.copy}
      </button>
      <span role="status" className={told ? "notice" : "visually-hidden"} data-testid="shown-once-status">
        {told ? INTEGRATIONS.secretHashed : ""}
      </span>
    </>
  );
}

function CreateKeyModal({
  type,
  onClose,
  onCreated,
}: {
  type: "pk" | "sk";
  onClose(): void;
  onCreated(key: ApiKey): Promise<void>;
}) {
  const { token } = useSession();
  const { state } = useMerchant();
  const [name, setName] = useState<string>(INTEGRATIONS.defaultName(type));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!state.currentWorkspaceId) return setError(INTEGRATIONS.noWorkspace);
    if (!token) return;
    setBusy(true);
    try {
      const key = await createApiKey(token, state.currentWorkspaceId, {
        type,
        name: name.trim() || INTEGRATIONS.defaultName(type),
      });
      await onCreated(key);
    } catch (err) {
      setError(INTEGRATIONS.createFailed(errorMessage(err)));
      setBusy(false);
    }
  };
  return (
    <Modal title={INTEGRATIONS.createKeyTitle(type)} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor={id}>{INTEGRATIONS.keyName}</label>
          <input
            id={id}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            data-autofocus
          />
        </div>
        <p role="alert" className="error-text">
          {error}
        </p>
        <div className="row">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? INTEGRATIONS.creating : INTEGRATIONS.create}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {INTEGRATIONS.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
