import { formatUsdMicros, MICROS_PER_CENT, REFUNDABLE_STATUSES, SYMBOLS } from "@spay/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { errorCode, errorMessage } from "../api/http.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { REFUNDS as R } from "./messages.ts";
import { formatTime } from "./payment-rules.ts";
import {
  cancelRefund,
  createRefund,
  fromAtomic,
  listRefunds,
  payRefund,
  REFUND_REASONS,
  type Refund,
  type RefundableIntent,
  type RefundReason,
  refundAmount,
  refundableAtomic,
  refundableMicros,
  toAtomic,
  usdToCents,
} from "./refunds-api.ts";
import { TransactionLink } from "./TransactionLink.tsx";
import { reasonText, rejectionText } from "./timeline-text.ts";

/** How often the refunds are read again while one waits on the chain. */
export const REFUND_POLL_MS = 3_000;

/** An API refusal in plain words: the refund error codes have their own texts. */
export function refundErrorText(err: unknown): string {
  const code = errorCode(err);
  return (code && R.errors[code]) || errorMessage(err);
}

type Phase = "idle" | "form" | "signing" | "waiting" | "done";

/**
 * Payment detail → Refunds: the payment's refunds (re-read while one is pending), a Refund form
 * for a paid payment, the merchant's wallet sending the transfer, and Cancel for a pending one.
 */
export function RefundPanel({
  auth,
  payment,
  onPaymentChanged,
}: {
  auth: WorkspaceAuth;
  payment: RefundableIntent;
  /** A refund succeeded or was cancelled: the payment's amount refunded and status changed. */
  onPaymentChanged(): void;
}) {
  const client = useQueryClient();
  const environmentId = useCurrentEnvironmentId();
  const key = [...scopeKey({ auth, environmentId }), "refunds", payment.id] as const;
  const [phase, setPhase] = useState<Phase>("idle");
  const [current, setCurrent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  // Support reads the refunds to answer customers; creating and cancelling them is for the rest.
  const mayRefund = useCan("refunds.write");

  const refunds = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listRefunds(auth, payment.id, signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "pending") ? REFUND_POLL_MS : false),
  });
  const list = refunds.data ?? [];

  // A pending refund that settled (or failed) changed the payment: read it again once.
  const seenPending = useRef(new Set<string>());
  useEffect(() => {
    const data = refunds.data;
    if (!data) return;
    let changed = false;
    for (const r of data) {
      if (r.status === "pending") seenPending.current.add(r.id);
      else if (seenPending.current.delete(r.id)) changed = true;
    }
    if (changed) onPaymentChanged();
  }, [refunds.data, onPaymentChanged]);

  const mine = current ? list.find((r) => r.id === current) : undefined;
  useEffect(() => {
    if (phase === "waiting" && mine?.status === "succeeded") setPhase("done");
  }, [phase, mine?.status]);

  const refresh = () => client.invalidateQueries({ queryKey: key });

  const sign = useMutation({
    mutationFn: (refund: Refund) => payRefund(refund, payment.env),
    onMutate: (refund) => {
      setCurrent(refund.id);
      setError(null);
      setPhase("signing");
    },
    onSuccess: () => {
      setPhase("waiting");
      void refresh();
    },
    onError: (err) => {
      setError(R.walletFailed(errorMessage(err)));
      setPhase("idle");
    },
  });

  const create = useMutation({
    mutationFn: (params: { reason: RefundReason } & ({ amount: string } | { amount_minor: number })) =>
      createRefund(auth, { payment_intent: payment.id, ...params }),
    onMutate: () => setError(null),
    onSuccess: (refund) => {
      client.setQueryData<Refund[]>(key, (old) => [refund, ...(old ?? []).filter((r) => r.id !== refund.id)]);
      sign.mutate(refund);
    },
    onError: (err) => setError(refundErrorText(err)),
  });

  const cancel = useMutation({
    mutationFn: (id: string) => cancelRefund(auth, id),
    onSuccess: (refund) => {
      client.setQueryData<Refund[]>(key, (old) => (old ?? []).map((r) => (r.id === refund.id ? refund : r)));
      if (refund.id === current) setPhase("idle");
      onPaymentChanged();
    },
    onError: (err) => setError(refundErrorText(err)),
  });

  const refundable = (REFUNDABLE_STATUSES as readonly string[]).includes(payment.status);
  const left = refunds.data ? refundableAtomic(payment, list) : 0n;
  const busy = create.isPending || sign.isPending;

  return (
    <section aria-labelledby={headingId} data-testid="payment-refunds">
      <div className="row row-between">
        <h3 id={headingId}>{R.title}</h3>
        {mayRefund && refundable && phase === "idle" && refunds.data && left > 0n ? (
          <button type="button" className="button" onClick={() => setPhase("form")}>
            {R.refund}
          </button>
        ) : null}
      </div>
      {refundable && refunds.data && left === 0n && list.every((r) => r.status !== "pending") ? (
        <p className="muted">{R.nothingLeft}</p>
      ) : null}
      {refundable ? <RoleNote permission="refunds.write" /> : null}
      {phase === "form" ? (
        <RefundForm
          payment={payment}
          left={left}
          leftMicros={refundableMicros(payment, list)}
          busy={busy}
          onCancel={() => setPhase("idle")}
          onSubmit={(amount, reason) =>
            create.mutate(
              typeof amount === "number"
                ? { amount_minor: amount, reason }
                : { amount: amount.toString(), reason },
            )
          }
        />
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <p role="status" className={phase === "done" ? "success-text" : undefined}>
        {create.isPending
          ? R.creating
          : phase === "signing"
            ? R.signing
            : phase === "waiting"
              ? R.waiting
              : phase === "done"
                ? R.succeeded
                : null}
      </p>
      {phase === "waiting" ? <Loading label={R.waiting} /> : null}
      {refunds.isPending ? <Loading /> : null}
      {refunds.error ? (
        <ErrorNotice
          message={`${R.loadFailed}: ${errorMessage(refunds.error)}`}
          onRetry={() => void refresh()}
        />
      ) : null}
      {refunds.data && list.length === 0 ? <p className="muted">{R.none}</p> : null}
      {list.length > 0 ? (
        <ul className="list" data-testid="refund-list">
          {list.map((r) => (
            <li key={r.id} className="list-row">
              <div>
                <code>{r.id}</code>{" "}
                <span
                  className={`badge${r.status === "succeeded" ? " badge-success" : r.status === "failed" ? " badge-danger" : " badge-warning"}`}
                >
                  {R.statuses[r.status]}
                </span>{" "}
                <strong>{refundAmount(r.amount, payment)}</strong>{" "}
                <span className="muted">
                  {R.reasons[r.reason] ?? r.reason} · {formatTime(r.created_at)}
                </span>{" "}
                {r.txid ? <TransactionLink txid={r.txid} env={payment.env} className="key" /> : null}
                {r.status === "pending" && r.status_reason ? (
                  <p className="muted">{pendingText(r.status_reason)}</p>
                ) : null}
              </div>
              {mayRefund && r.status === "pending" && r.txid === null ? (
                <div className="row">
                  {!(sign.isPending && current === r.id) && !(phase === "waiting" && current === r.id) ? (
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={R.retrySignOf(r.id)}
                      disabled={busy}
                      onClick={() => sign.mutate(r)}
                    >
                      {R.retrySign}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={R.cancelOf(r.id)}
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(r.id)}
                  >
                    {R.cancel}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The refund's amount in the payment's asset (all that remains, by default) or in US dollars —
 * what a merchant refunding "$5 of the order" means; the server turns dollars into that share of
 * what was paid.
 */
function RefundForm({
  payment,
  left,
  leftMicros,
  busy,
  onCancel,
  onSubmit,
}: {
  payment: RefundableIntent;
  left: bigint;
  leftMicros: bigint;
  busy: boolean;
  onCancel(): void;
  /** Atomic units of the asset (bigint), or whole cents (number). */
  onSubmit(amount: bigint | number, reason: RefundReason): void;
}) {
  const amountId = useId();
  const usdId = useId();
  const reasonId = useId();
  const errorId = useId();
  const usdErrorId = useId();
  const [amount, setAmount] = useState(() => fromAtomic(left, payment.decimals));
  const [dollars, setDollars] = useState("");
  const [reason, setReason] = useState<RefundReason>("requested_by_customer");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [invalidUsd, setInvalidUsd] = useState<string | null>(null);
  const max = refundAmount(left, payment);
  const maxUsd = formatUsdMicros(leftMicros);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dollars.trim()) {
      const cents = usdToCents(dollars);
      setInvalid(null);
      if (cents === null || BigInt(cents) * BigInt(MICROS_PER_CENT) > leftMicros)
        return setInvalidUsd(R.amountUsdInvalid(maxUsd));
      setInvalidUsd(null);
      return onSubmit(cents, reason);
    }
    setInvalidUsd(null);
    const atomic = toAtomic(amount, payment.decimals);
    if (atomic === null || atomic <= 0n || atomic > left) return setInvalid(R.amountInvalid(max));
    setInvalid(null);
    onSubmit(atomic, reason);
  };

  return (
    <form className="stack" aria-label={R.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={amountId}>{R.amount(SYMBOLS[payment.asset])}</label>
        <input
          id={amountId}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={errorId}
        />
        <p id={errorId} className={invalid ? "error" : "muted"}>
          {invalid ?? R.amountHint(max)}
        </p>
      </div>
      <div className="field">
        <label htmlFor={usdId}>{R.amountUsd}</label>
        <input
          id={usdId}
          inputMode="decimal"
          placeholder="$0.00"
          value={dollars}
          onChange={(e) => setDollars(e.target.value)}
          aria-invalid={invalidUsd ? true : undefined}
          aria-describedby={usdErrorId}
        />
        <p id={usdErrorId} className={invalidUsd ? "error" : "muted"}>
          {invalidUsd ?? R.amountUsdHint(maxUsd)}
        </p>
      </div>
      <div className="field">
        <label htmlFor={reasonId}>{R.reason}</label>
        <select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as RefundReason)}>
          {REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {R.reasons[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {R.submit}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {R.close}
        </button>
      </div>
    </form>
  );
}

/** Where a pending refund stands, in plain words: confirming, re-awaited after a fork, or a transfer not counted. */
function pendingText(reason: string): string {
  const [kind = "", detail = ""] = reason.split(/:(.*)/s);
  if (kind === "confirmations") {
    const [seen = "0", required = "1"] = detail.split("/");
    return R.confirming(seen, required);
  }
  if (kind === "block_orphaned") return R.orphaned;
  if (kind === "transfer_rejected") return R.rejected(rejectionText(detail));
  return reasonText(reason);
}
