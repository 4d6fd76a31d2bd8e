import { PAID_STATUSES, statusLabel } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../api/http.ts";
import {
  getPayment,
  paymentDeliveries,
  paymentTimeline,
  redeliverEvent,
  setFulfillment,
} from "../api/payments.ts";
import type { EventWithDeliveries, FulfillmentStatus, PaymentEvent, WorkspaceAuth } from "../api/types.ts";
import { INTEGRATIONS } from "../integrations/messages.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { PAYMENTS, REFUNDS } from "./messages.ts";
import {
  assetAmount,
  formatTime,
  fulfillmentBadge,
  fulfillmentOptions,
  SETTABLE_FULFILLMENT,
  statusTone,
  usd,
} from "./payment-rules.ts";
import { RefundPanel } from "./RefundPanel.tsx";
import { type RefundableIntent, refundAmount, refundedAtomic } from "./refunds-api.ts";
import { TransactionLink } from "./TransactionLink.tsx";
import { timelineText } from "./timeline-text.ts";

interface Detail {
  payment: RefundableIntent;
  timeline: PaymentEvent[];
  deliveries: EventWithDeliveries[];
}

/**
 * A payment with its event timeline, its webhook deliveries (redeliver) and, once settled,
 * fulfillment. What the role may not use is left out: the deliveries are developer tools (support
 * does not see them), fulfillment is a payment write, redelivery a webhook write.
 */
export function PaymentDetailModal({
  auth,
  id,
  onChanged,
  onClose,
}: {
  auth: WorkspaceAuth;
  id: string;
  onChanged(pi: PaymentIntent): void;
  onClose(): void;
}) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fulfillment, setFulfillmentDraft] = useState<string>("not_required");
  const selectId = useId();
  const seesDeliveries = useCan("developers.read");
  const redelivers = useCan("webhooks.write");
  const fulfills = useCan("payments.write");

  const load = useCallback(async () => {
    setError(null);
    try {
      const [payment, timeline, deliveries] = await Promise.all([
        getPayment(auth, id),
        paymentTimeline(auth, id),
        seesDeliveries ? paymentDeliveries(auth, id) : [],
      ]);
      setDetail({ payment, timeline, deliveries });
      setFulfillmentDraft(payment.fulfillment_status);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, [auth, id, seesDeliveries]);

  useEffect(() => {
    void load();
  }, [load]);

  // A refund changed the payment (amount refunded, status): the list shows it too.
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const afterRefund = useCallback(() => {
    getPayment(auth, id).then(
      (pi) => onChangedRef.current(pi),
      () => undefined,
    );
    void load();
  }, [auth, id, load]);

  const saveFulfillment = async () => {
    setNotice(null);
    try {
      if (!(SETTABLE_FULFILLMENT as readonly string[]).includes(fulfillment)) return;
      const updated = await setFulfillment(auth, id, fulfillment as FulfillmentStatus);
      onChanged(updated);
      setNotice(PAYMENTS.fulfillmentSaved);
      await load();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const redeliver = async (eventId: string, endpointId: string) => {
    try {
      await redeliverEvent(auth, eventId, endpointId);
      setNotice(INTEGRATIONS.redelivered);
      await load();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const p = detail?.payment;
  return (
    <Modal title={PAYMENTS.details} onClose={onClose} wide>
      {error ? <ErrorNotice message={error} onRetry={() => void load()} /> : null}
      {!p ? (
        error ? null : (
          <Loading />
        )
      ) : (
        <div className="stack" data-testid="payment-detail">
          <div className="row row-between">
            <code>{p.id}</code>
            <strong>{usd(p.amount_micros)}</strong>
          </div>
          <div className="row">
            <span className={`badge badge-${statusTone(p.status)}`}>{statusLabel(p.status)}</span>
            {fulfillmentBadge(p.fulfillment_status) ? (
              <span className="badge" data-testid="detail-fulfillment">
                {fulfillmentBadge(p.fulfillment_status)}
              </span>
            ) : null}
            <span className="muted">{assetAmount(p)}</span>
          </div>
          <dl className="details">
            <div className="field-row">
              <dt>{PAYMENTS.created}</dt>
              <dd>{formatTime(p.created_at)}</dd>
            </div>
            <div className="field-row">
              <dt>{PAYMENTS.expires}</dt>
              <dd>{formatTime(p.expires_at)}</dd>
            </div>
            {refundedAtomic(p) > 0n ? (
              <div className="field-row">
                <dt>{REFUNDS.amountRefunded}</dt>
                <dd data-testid="amount-refunded">{refundAmount(refundedAtomic(p), p)}</dd>
              </div>
            ) : null}
            {p.customer_email ? (
              <div className="field-row">
                <dt>{PAYMENTS.customer}</dt>
                <dd>{p.customer_email}</dd>
              </div>
            ) : null}
            {p.shipping_address ? (
              <div className="field-row">
                <dt>{PAYMENTS.shipping}</dt>
                <dd>{Object.values(p.shipping_address).map(String).join(", ")}</dd>
              </div>
            ) : null}
            {p.payment_method ? (
              <div className="field-row">
                <dt>{PAYMENTS.method}</dt>
                <dd>{p.payment_method}</dd>
              </div>
            ) : null}
            {p.merchant_principal ? (
              <div className="field-row">
                <dt>{PAYMENTS.merchant}</dt>
                <dd>
                  <code>{p.merchant_principal}</code>
                </dd>
              </div>
            ) : null}
            {p.txid ? (
              <div className="field-row">
                <dt>{PAYMENTS.transaction}</dt>
                <dd>
                  <TransactionLink txid={p.txid} env={p.env} className="key" />
                </dd>
              </div>
            ) : null}
          </dl>

          <section aria-labelledby={`${selectId}-f`}>
            <h3 id={`${selectId}-f`}>{PAYMENTS.fulfillment}</h3>
            {(PAID_STATUSES as readonly string[]).includes(p.status) && !fulfills ? (
              <RoleNote permission="payments.write" />
            ) : (PAID_STATUSES as readonly string[]).includes(p.status) ? (
              <div className="row">
                <label htmlFor={selectId} className="visually-hidden">
                  {PAYMENTS.fulfillment}
                </label>
                <select
                  id={selectId}
                  value={fulfillment}
                  onChange={(e) => setFulfillmentDraft(e.target.value)}
                >
                  {fulfillmentOptions(p.fulfillment_status).map((o) => (
                    <option key={o.value} value={o.value} disabled={o.disabled}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={saveFulfillment}
                  disabled={fulfillment === p.fulfillment_status}
                >
                  {PAYMENTS.setFulfillment}
                </button>
              </div>
            ) : (
              <p className="muted">{PAYMENTS.fulfillmentOnlySettled}</p>
            )}
            <p role="status" className="success-text">
              {notice}
            </p>
          </section>

          <RefundPanel auth={auth} payment={p} onPaymentChanged={afterRefund} />

          <section aria-labelledby={`${selectId}-t`}>
            <h3 id={`${selectId}-t`}>{PAYMENTS.timeline}</h3>
            {detail.timeline.length === 0 ? <p className="muted">{PAYMENTS.noEvents}</p> : null}
            <ol className="timeline" data-testid="payment-timeline">
              {detail.timeline.map((e) => (
                <li key={e.id}>
                  <span className="muted">{formatTime(e.created_at)}</span> {timelineText(e)}
                </li>
              ))}
            </ol>
          </section>

          {seesDeliveries ? (
            <section aria-labelledby={`${selectId}-w`}>
              <h3 id={`${selectId}-w`}>{PAYMENTS.webhooks}</h3>
              {detail.deliveries.every((e) => e.deliveries.length === 0) ? (
                <p className="muted">{PAYMENTS.noDeliveries}</p>
              ) : null}
              <ul className="list" data-testid="payment-deliveries">
                {detail.deliveries.flatMap((event) =>
                  event.deliveries.map((d) => {
                    const last = event.attempts.filter((a) => a.endpoint_id === d.endpoint_id).at(-1);
                    return (
                      <li key={d.id} className="list-row">
                        <div>
                          <code>{event.type}</code>{" "}
                          <span className={d.state === "succeeded" ? "badge badge-success" : "badge"}>
                            {d.state}
                          </span>{" "}
                          <span className="muted">
                            {last ? `${last.status_code ?? last.error ?? "—"} · ${last.latency_ms} ms` : ""}
                          </span>
                        </div>
                        {redelivers ? (
                          <button
                            type="button"
                            className="button button-small"
                            onClick={() => void redeliver(event.id, d.endpoint_id)}
                          >
                            {PAYMENTS.redeliver}
                          </button>
                        ) : null}
                      </li>
                    );
                  }),
                )}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
