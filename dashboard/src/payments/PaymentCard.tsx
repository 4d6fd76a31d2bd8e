import { statusLabel } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";
import { PAYMENTS, REFUNDS } from "./messages.ts";
import { assetAmount, formatTime, fulfillmentBadge, statusTone, usd } from "./payment-rules.ts";
import { refundAmount, refundedAtomic } from "./refunds-api.ts";
import { TransactionLink } from "./TransactionLink.tsx";

/** SPEC.md §2: one payment — id, amount, status and fulfillment badges, sBTC amount, time, parties, txid. */
export function PaymentCard({ payment, onOpen }: { payment: PaymentIntent; onOpen(id: string): void }) {
  const fulfillment = fulfillmentBadge(payment.fulfillment_status);
  return (
    <article className="card payment-card" data-testid={`payment-${payment.id}`}>
      <div className="row row-between">
        <button
          type="button"
          className="text-link payment-id"
          onClick={() => onOpen(payment.id)}
          aria-label={PAYMENTS.viewDetails(payment.id)}
          title={payment.id}
        >
          <code>{payment.id}</code>
        </button>
        <strong className="payment-amount">{usd(payment.amount_micros)}</strong>
      </div>
      <div className="row payment-badges">
        <span className={`badge badge-${statusTone(payment.status)}`} data-testid="payment-status">
          {statusLabel(payment.status)}
        </span>
        {fulfillment ? (
          <span className="badge" data-testid="payment-fulfillment">
            {fulfillment}
          </span>
        ) : null}
        <span className="muted">{assetAmount(payment)}</span>
        {refundedAtomic(payment) > 0n ? (
          <span className="muted" data-testid="payment-refunded">
            {REFUNDS.refundedOnCard(refundAmount(refundedAtomic(payment), payment))}
          </span>
        ) : null}
        <span className="muted">
          {PAYMENTS.created} {formatTime(payment.created_at)}
        </span>
      </div>
      <dl className="payment-meta">
        {payment.customer_email ? (
          <div title={payment.customer_email}>
            <dt>{PAYMENTS.customer}</dt>
            <dd>{payment.customer_email}</dd>
          </div>
        ) : null}
        {payment.merchant_principal ? (
          <div title={payment.merchant_principal}>
            <dt>{PAYMENTS.merchant}</dt>
            <dd>
              <code>{payment.merchant_principal}</code>
            </dd>
          </div>
        ) : null}
        {payment.txid ? (
          <div title={payment.txid}>
            <dt>{PAYMENTS.transaction}</dt>
            <dd>
              <TransactionLink
                txid={payment.txid}
                env={payment.env}
                shown={`${payment.txid.slice(0, 18)}…`}
              />
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
