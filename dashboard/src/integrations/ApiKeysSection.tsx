import { Eye, EyeOff } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import type { ApiKey } from "../api/types.ts";
import { isStepUpCanceled, useStepUp } from "../security/useStepUp.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { useApiKeyMutations } from "../state/merchant-queries.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { formatDate } from "../ui/format.ts";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import {
  canRoll,
  canToggle,
  DEFAULT_ROLL_OVERLAP,
  expiryText,
  isSecret,
  keyCopyText,
  keyStateOf,
  keyStateTone,
  keyText,
  lastUsedText,
  ROLL_OVERLAPS,
  type RollOverlap,
} from "./key-rules.ts";
import { INTEGRATIONS } from "./messages.ts";
import { useApiKeys } from "./useApiKeys.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The current time in seconds, moving on every minute while `ticking` (for "Expires in …" lines). */
function useNowSeconds(ticking: boolean): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    if (!ticking) return;
    setNow(nowSeconds());
    const timer = setInterval(() => setNow(nowSeconds()), 60_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * SPEC.md §2: API keys — create (Key Name modal), copy, reveal a new secret, roll (a new key, the
 * old one expiring after a chosen overlap, as Stripe does), revoke.
 */
export function ApiKeysSection() {
  const auth = useWorkspaceAuth();
  const { revealedKeys, revealKeys } = useMerchant();
  const list = useApiKeys(auth);
  const writes = useApiKeyMutations(auth);
  // Creating and rolling reveal a secret: the server may ask for the second factor first.
  const stepUp = useStepUp();
  // A developer reads the keys (secrets masked) but only owners and admins create, roll or revoke.
  const manages = useCan("api_keys.write");
  const [creating, setCreating] = useState<"pk" | "sk" | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const keys = (list.keys ?? []).filter((k) => k.state !== "revoked");
  const now = useNowSeconds(keys.some((k) => k.expires_at !== null));

  /** A new secret (created or rolled) stays at hand, shown, until the page is left. */
  const keepRevealed = (key: ApiKey) => {
    if (!key.key || !isSecret(key)) return;
    revealKeys([...revealedKeys, key]);
    setShown((s) => new Set(s).add(key.id));
  };

  const revoke = async (key: ApiKey) => {
    if (!auth || !window.confirm(INTEGRATIONS.confirmRevoke)) return;
    setError(null);
    try {
      await writes.revoke.mutateAsync(key.id);
    } catch (err) {
      setError(INTEGRATIONS.revokeFailed(fieldErrorOf(err).message));
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
        {manages ? (
          <div className="row">
            <button type="button" className="button button-small" onClick={() => setCreating("pk")}>
              {INTEGRATIONS.addPublishable}
            </button>
            <button type="button" className="button button-small" onClick={() => setCreating("sk")}>
              {INTEGRATIONS.addSecret}
            </button>
          </div>
        ) : null}
      </div>
      <RoleNote permission="api_keys.write" />
      <p role="alert" className="error-text">
        {error}
      </p>
      {list.error ? <ErrorNotice message={list.error} onRetry={list.retry} /> : null}
      {list.loading ? <Loading /> : null}
      {list.keys && keys.length === 0 ? <p className="muted">{INTEGRATIONS.noKeys}</p> : null}
      <ul className="list" aria-label={INTEGRATIONS.apiKeys}>
        {keys.map((k) => {
          const full = k.key ?? revealedKeys.find((r) => r.id === k.id)?.key;
          const secret = isSecret(k);
          const revealed = shown.has(k.id);
          const text = keyText(k, full, revealed);
          const copyText = keyCopyText(k, full);
          const shownState = keyStateOf(k, now);
          const expiry = expiryText(k, now);
          return (
            <li key={k.id} className="list-row key-row" data-testid={`api-key-${k.id}`}>
              <div className="stack-tight">
                <div className="row key-heading">
                  <strong className="truncate key-name" title={k.name}>
                    {k.name}
                  </strong>
                  <span className="badge">{secret ? INTEGRATIONS.secret : INTEGRATIONS.publishable}</span>
                  <span className="badge">{k.env}</span>
                  <span className={`badge badge-${keyStateTone(shownState)}`} data-testid="key-state">
                    {shownState}
                  </span>
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
                {expiry ? (
                  <span
                    className={shownState === "expired" ? "error-text" : "muted"}
                    data-testid="key-expiry"
                  >
                    {expiry}
                  </span>
                ) : null}
                <span className="muted">
                  {INTEGRATIONS.created(formatDate(k.created_at))} · {lastUsedText(k)}
                </span>
              </div>
              <div className="row">
                {canToggle(k, full) ? (
                  <RevealButton name={k.name} revealed={revealed} onToggle={() => toggle(k.id)} />
                ) : null}
                {/* A secret kept only as a hash has nothing to copy: its note says so, and Roll is the way on. */}
                {copyText !== null ? <CopyButton text={copyText} label={k.name} /> : null}
                {/* A key just created or rolled (its secret still at hand) rolls like any other. */}
                {manages && secret && canRoll(k) ? (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={INTEGRATIONS.rollLabel(k.name)}
                    onClick={() => setRolling(k)}
                  >
                    {INTEGRATIONS.roll}
                  </button>
                ) : null}
                {manages ? (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={INTEGRATIONS.revokeLabel(k.name)}
                    onClick={() => void revoke(k)}
                  >
                    {INTEGRATIONS.revoke}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {creating ? (
        <CreateKeyModal
          type={creating}
          hasWorkspace={auth !== null}
          create={(name) => stepUp.run(() => writes.create.mutateAsync({ type: creating, name }))}
          onClose={() => setCreating(null)}
          onCreated={(key) => {
            keepRevealed(key);
            setCreating(null);
          }}
        />
      ) : null}
      {rolling ? (
        <RollKeyModal
          apiKey={rolling}
          roll={(expiresInSeconds) =>
            stepUp.run(() => writes.roll.mutateAsync({ id: rolling.id, expiresInSeconds }))
          }
          onClose={() => setRolling(null)}
          onRolled={keepRevealed}
        />
      ) : null}
      {stepUp.dialog}
    </section>
  );
}

/** Show/hide for a secret whose full value is at hand (an eye icon; the label names the key). */
function RevealButton({ name, revealed, onToggle }: { name: string; revealed: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={revealed ? INTEGRATIONS.hide(name) : INTEGRATIONS.show(name)}
      aria-pressed={revealed}
      onClick={onToggle}
    >
      {revealed ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
    </button>
  );
}

/**
 * Roll a secret key (Stripe's "Roll key"): choose how long the old key keeps working, confirm, then
 * the new secret is shown once — with show/hide and copy — before the dialog is closed.
 */
function RollKeyModal({
  apiKey,
  roll,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey;
  /** Rolls on the server (the cached list takes the new key); the replacing key. */
  roll(expiresInSeconds: number): Promise<ApiKey>;
  onClose(): void;
  onRolled(key: ApiKey): void;
}) {
  const [overlap, setOverlap] = useState<RollOverlap>(DEFAULT_ROLL_OVERLAP);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rolled, setRolled] = useState<ApiKey | null>(null);
  const [revealed, setRevealed] = useState(true);
  const id = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const key = await roll(overlap);
      setRolled(key);
      onRolled(key);
    } catch (err) {
      // Not confirmed with the second factor: nothing was rolled, the dialog stays as it was.
      if (!isStepUpCanceled(err)) setError(INTEGRATIONS.rollFailed(fieldErrorOf(err).message));
    } finally {
      setBusy(false);
    }
  };

  if (rolled?.key) {
    return (
      <Modal title={INTEGRATIONS.rolledTitle} onClose={onClose}>
        <div className="stack">
          <p className="notice">{INTEGRATIONS.shownOnce}</p>
          <code className="key" data-testid="rolled-key-value">
            {keyText(rolled, rolled.key, revealed)}
          </code>
          <div className="row">
            <RevealButton name={rolled.name} revealed={revealed} onToggle={() => setRevealed((r) => !r)} />
            <CopyButton text={rolled.key} label={rolled.name} />
          </div>
          <div className="row">
            <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
              {INTEGRATIONS.done}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={INTEGRATIONS.rollTitle} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <strong className="truncate key-name" title={apiKey.name} data-testid="roll-key-name">
          {apiKey.name}
        </strong>
        <p>{INTEGRATIONS.rollExplain}</p>
        <div className="field">
          <label htmlFor={id}>{INTEGRATIONS.rollOverlap}</label>
          <select
            id={id}
            value={overlap}
            onChange={(e) => setOverlap(Number(e.target.value) as RollOverlap)}
            data-autofocus
          >
            {ROLL_OVERLAPS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {INTEGRATIONS.rollOverlapChoices[seconds]}
              </option>
            ))}
          </select>
        </div>
        <p className={overlap === 0 ? "error-text" : "muted"} data-testid="roll-consequence">
          {overlap === 0 ? INTEGRATIONS.rollNowWarning : INTEGRATIONS.rollLaterNote}
        </p>
        <FormActions
          error={error}
          busy={busy}
          tone="danger"
          submit={INTEGRATIONS.rollConfirm}
          busyText={INTEGRATIONS.rolling}
          cancel={INTEGRATIONS.cancel}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

function CreateKeyModal({
  type,
  hasWorkspace,
  create,
  onClose,
  onCreated,
}: {
  type: "pk" | "sk";
  hasWorkspace: boolean;
  /** Creates on the server (the cached list takes the new key); the key, its secret in full. */
  create(name: string): Promise<ApiKey>;
  onClose(): void;
  onCreated(key: ApiKey): void;
}) {
  const [name, setName] = useState<string>(INTEGRATIONS.defaultName(type));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!hasWorkspace) return setError(INTEGRATIONS.noWorkspace);
    setBusy(true);
    try {
      const key = await create(name.trim() || INTEGRATIONS.defaultName(type));
      onCreated(key);
    } catch (err) {
      if (!isStepUpCanceled(err)) setError(INTEGRATIONS.createFailed(fieldErrorOf(err).message));
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
        <FormActions
          error={error}
          busy={busy}
          submit={INTEGRATIONS.create}
          busyText={INTEGRATIONS.creating}
          cancel={INTEGRATIONS.cancel}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
