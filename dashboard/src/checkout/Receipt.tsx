import { formatUsdMicros } from "@spay/protocol";
import { formatIntentAmount, type PaymentIntent } from "@spay/sdk";
import { CircleCheck } from "lucide-react";
import { PAYMENTS } from "../payments/messages.ts";
import { formatTime } from "../payments/payment-rules.ts";
import { CopyButton } from "../ui/CopyButton.tsx";
import { PAYMENT_LINK } from "./messages.ts";
import { receiptExplorerUrl } from "./pay-details.ts";
import { TestModeBadge } from "./TestModeBadge.tsx";
import { useSettlementChain } from "./useSettlementChain.ts";

/**
 * The confirmation a customer keeps once the server says the payment settled: amount, txid (to
 * copy) and, when the chain it settled on has a public explorer, a link to it.
 */
export function Receipt({
  intent,
  productName,
  merchantName,
}: {
  intent: PaymentIntent;
  productName?: string | null;
  merchantName?: string | null;
}) {
  // The environment alone cannot tell the devnet from testnet: ask the gateway which chain it is.
  const chain = useSettlementChain(intent.env);
  const explorerUrl = intent.txid ? receiptExplorerUrl(intent.txid, chain) : null;
  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h1 id="receipt-title">
        <CircleCheck aria-hidden="true" className="receipt-icon" /> {PAYMENT_LINK.receiptTitle}
      </h1>
      <p className="muted">
        {PAYMENT_LINK.receiptLead} <TestModeBadge env={intent.env} />
      </p>
      <dl className="details">
        {merchantName ? (
          <div className="field-row">
            <dt>{PAYMENT_LINK.receiptMerchant}</dt>
            <dd>{merchantName}</dd>
          </div>
        ) : null}
        {productName ? (
          <div className="field-row">
            <dt>{PAYMENT_LINK.receiptProduct}</dt>
            <dd>{productName}</dd>
          </div>
        ) : null}
        <div className="field-row">
          <dt>{PAYMENT_LINK.receiptAmount}</dt>
          <dd>{formatUsdMicros(intent.amount_micros)}</dd>
        </div>
        <div className="field-row">
          <dt>{PAYMENT_LINK.receiptPaid}</dt>
          <dd>{formatIntentAmount(intent)}</dd>
        </div>
        <div className="field-row">
          <dt>{PAYMENT_LINK.receiptDate}</dt>
          <dd>{formatTime(intent.created_at)}</dd>
        </div>
        <div className="field-row">
          <dt>{PAYMENT_LINK.receiptPayment}</dt>
          <dd>
            <code>{intent.id}</code>
          </dd>
        </div>
        {intent.txid ? (
          <div className="field-row">
            <dt>{PAYMENT_LINK.receiptTx}</dt>
            <dd>
              <code className="key" data-testid="receipt-txid">
                {intent.txid}
              </code>
              <CopyButton text={intent.txid} label={PAYMENTS.transactionId(intent.txid)} />
              {explorerUrl ? (
                <a href={explorerUrl} target="_blank" rel="noreferrer" data-testid="receipt-explorer-link">
                  {PAYMENT_LINK.viewOnExplorer}
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <button type="button" className="button" onClick={() => window.print()}>
        {PAYMENT_LINK.print}
      </button>
    </section>
  );
}
