import { formatSbtc, formatStx, formatUsdc } from "@spay/sdk";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { assignUnmatchedTransfer, listUnmatchedTransfers, type UnmatchedTransfer } from "../api/payments.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { ErrorNotice } from "../ui/Status.tsx";
import { UNMATCHED_TRANSFERS as T } from "./messages.ts";
import { formatTime } from "./payment-rules.ts";
import { TransactionLink } from "./TransactionLink.tsx";

/** `0x1234…abcd`: long ids stay readable in a table cell; the full value is in the title and link. */
export function truncateMiddle(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-4)}`;
}

/** The amount in the transfer's token: sBTC in BTC units, USDC in dollars. */
export function unmatchedAmount(t: Pick<UnmatchedTransfer, "asset" | "amount">): string {
  if (t.asset === "stx") return formatStx(t.amount);
  return t.asset === "usdc" ? `${formatUsdc(t.amount)} USDC` : formatSbtc(t.amount);
}

/**
 * Payments page: transfers into the payout address whose memo named no payment. They settled
 * nothing; the merchant may assign one to a payment (recorded in the audit log).
 */
export function UnmatchedTransfers({ auth }: { auth: WorkspaceAuth }) {
  const [items, setItems] = useState<UnmatchedTransfer[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);
  const assigns = useCan("transfers.assign");
  // A page answering after the workspace changed belongs to the old one: drop it.
  const generation = useRef(0);

  const load = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    listUnmatchedTransfers(auth).then(
      (page) => {
        if (mine !== generation.current) return;
        setItems(page.data);
        setLoading(false);
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
  }, [auth]);

  useEffect(load, [load]);

  const onAssigned = (updated: UnmatchedTransfer) => {
    setItems((current) => current.map((t) => (t.txid === updated.txid ? updated : t)));
    setAssigning(null);
    setNotice(T.done);
  };

  return (
    <section className="card" aria-labelledby="unmatched-title" aria-busy={loading}>
      <h2 id="unmatched-title">{T.title}</h2>
      <p className="muted">{T.intro}</p>
      {items.some((t) => !t.assigned_payment_intent) ? <RoleNote permission="transfers.assign" /> : null}
      {notice ? (
        <p role="status" className="success">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorNotice message={`${T.loadFailed}: ${error}`} onRetry={load} /> : null}
      {loading ? (
        <p role="status">{T.loadingLabel}</p>
      ) : items.length === 0 && !error ? (
        <p className="empty">{T.empty}</p>
      ) : items.length > 0 ? (
        <div className="table-scroll">
          <table className="table-cards">
            <caption className="visually-hidden">{T.title}</caption>
            <thead>
              <tr>
                <th scope="col">{T.transaction}</th>
                <th scope="col">{T.amount}</th>
                <th scope="col">{T.asset}</th>
                <th scope="col">{T.sender}</th>
                <th scope="col">{T.memo}</th>
                <th scope="col">{T.time}</th>
                <th scope="col">{T.action}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr key={t.txid}>
                  <td data-label={T.transaction}>
                    <TransactionLink txid={t.txid} env={t.env} shown={truncateMiddle(t.txid)} />
                  </td>
                  <td data-label={T.amount}>{unmatchedAmount(t)}</td>
                  <td data-label={T.asset}>{t.asset.toUpperCase()}</td>
                  <td data-label={T.sender} title={t.sender}>
                    <code>{truncateMiddle(t.sender)}</code>
                  </td>
                  <td data-label={T.memo}>
                    {t.memo ? <code>{t.memo}</code> : <span className="muted">{T.noMemo}</span>}
                  </td>
                  <td data-label={T.time}>
                    <time dateTime={new Date(t.created_at * 1000).toISOString()}>
                      {formatTime(t.created_at)}
                    </time>
                  </td>
                  <td data-label={T.action}>
                    {t.assigned_payment_intent ? (
                      <span>{T.assigned(t.assigned_payment_intent)}</span>
                    ) : !assigns ? (
                      <span className="muted">{T.unassigned}</span>
                    ) : assigning === t.txid ? (
                      <AssignForm
                        auth={auth}
                        transfer={t}
                        onAssigned={onAssigned}
                        onCancel={() => setAssigning(null)}
                      />
                    ) : (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={T.assignTo(t.txid)}
                        onClick={() => {
                          setNotice(null);
                          setAssigning(t.txid);
                        }}
                      >
                        {T.assign}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function AssignForm({
  auth,
  transfer,
  onAssigned,
  onCancel,
}: {
  auth: WorkspaceAuth;
  transfer: UnmatchedTransfer;
  onAssigned: (updated: UnmatchedTransfer) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [intentId, setIntentId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = intentId.trim();
    if (!id) return setError(T.intentRequired);
    setBusy(true);
    setError(null);
    assignUnmatchedTransfer(auth, transfer.txid, id).then(onAssigned, (err: unknown) => {
      setError(errorMessage(err));
      setBusy(false);
    });
  };

  return (
    <form onSubmit={submit} aria-label={T.assignTo(transfer.txid)}>
      <label htmlFor={inputId}>{T.intentLabel}</label>
      <input
        id={inputId}
        value={intentId}
        placeholder={T.intentPlaceholder}
        onChange={(e) => setIntentId(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // biome-ignore lint/a11y/noAutofocus: the field the merchant just asked for by pressing Assign
        autoFocus
      />
      <button type="submit" className="button button-small" disabled={busy}>
        {busy ? T.assigning : T.confirm}
      </button>
      <button type="button" className="button button-small" onClick={onCancel} disabled={busy}>
        {T.cancel}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
