import { type FormEvent, useId } from "react";
import { formatSats, formatUsd, satsForCents } from "../../core/format.js";
import { CARD_MESSAGES } from "../../core/messages.js";
import { Field } from "./Field.js";
import type { PaymentLinkData } from "./linkData.js";
import type { CheckoutForm } from "./useCheckoutForm.js";
import type { PaymentMethodChoice } from "./validateCheckoutForm.js";

/** Props of {@link PaymentLinkCardView}. */
export interface PaymentLinkCardViewProps {
  data: PaymentLinkData;
  usdPerBtc: number;
  form: CheckoutForm;
  /** Dashboard preview: requirement badges instead of fields, stock, Pay always disabled. */
  preview: boolean;
  /** A checkout is running: Pay stays disabled. */
  busy: boolean;
  /** A line under Pay (payment confirmed, or why it failed). */
  status: { text: string; kind: "success" | "error" } | null;
  termsUrl: string;
  privacyUrl: string;
  onSubmit: () => void;
}

const METHODS: [PaymentMethodChoice, string][] = [
  ["qr", CARD_MESSAGES.qrMethod],
  ["wallet", CARD_MESSAGES.sbtcWallet],
];

/** The checkout card's markup (SPEC.md §2 "Payment link page"); state lives in its callers. */
export function PaymentLinkCardView(props: PaymentLinkCardViewProps) {
  const { data, usdPerBtc, form, preview, busy, status, termsUrl, privacyUrl, onSubmit } = props;
  const titleId = useId();
  const price = formatUsd(data.priceMinor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.errors.valid && !busy && !preview) onSubmit();
  };
  return (
    <section className="spay-card" aria-labelledby={titleId}>
      <div className="spay-card-head">
        <span className="spay-merchant" title={data.merchantName ?? undefined}>
          {data.merchantName ?? ""}
        </span>
        {data.env === "test" ? <span className="spay-badge">{CARD_MESSAGES.testBadge}</span> : null}
      </div>
      {data.image ? (
        // Decorative: the product's name is the heading right under it.
        <img
          src={data.image.url}
          srcSet={data.image.srcset}
          sizes="400px"
          width={data.image.width}
          height={data.image.height}
          alt=""
        />
      ) : null}
      <h2 id={titleId}>{data.productName}</h2>
      {data.description ? <p className="spay-muted">{data.description}</p> : null}
      <div className="spay-price">
        <p className="spay-btc">{formatSats(satsForCents(data.priceMinor, usdPerBtc))}</p>
        <p className="spay-muted">{CARD_MESSAGES.approximately(price)}</p>
      </div>
      {preview ? (
        <div className="spay-tags">
          {data.requireEmail ? <span className="spay-badge">{CARD_MESSAGES.emailRequiredBadge}</span> : null}
          {data.requireShipping ? (
            <span className="spay-badge">{CARD_MESSAGES.shippingRequiredBadge}</span>
          ) : null}
          {data.stock !== null ? (
            <span className="spay-muted">{CARD_MESSAGES.inStock(data.stock)}</span>
          ) : null}
        </div>
      ) : null}
      <dl className="spay-summary">
        <div>
          <dt>{CARD_MESSAGES.subtotal}</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>{CARD_MESSAGES.tax}</dt>
          {/* "Enter address" only where the card asks for one; elsewhere no tax is added: $0.00. */}
          <dd className="spay-muted">
            {data.requireShipping && !preview ? CARD_MESSAGES.taxPending : formatUsd(0)}
          </dd>
        </div>
        <div className="spay-total">
          <dt>{preview ? CARD_MESSAGES.totalDue : CARD_MESSAGES.total}</dt>
          <dd>{price}</dd>
        </div>
      </dl>
      <form onSubmit={submit} noValidate>
        {data.requireEmail && !preview ? (
          <Field
            label={CARD_MESSAGES.email}
            type="email"
            autoComplete="email"
            value={form.values.email}
            error={form.shown.email}
            onChange={form.setEmail}
            onBlur={() => form.touch("email")}
          />
        ) : null}
        {data.requireShipping && !preview ? (
          <Field
            label={CARD_MESSAGES.shippingAddress}
            multiline
            autoComplete="shipping street-address"
            value={form.values.shipping}
            error={form.shown.shipping}
            onChange={form.setShipping}
            onBlur={() => form.touch("shipping")}
          />
        ) : null}
        <fieldset className="spay-methods">
          <legend>{CARD_MESSAGES.payWith}</legend>
          {METHODS.map(([method, label]) => (
            <label key={method} className="spay-method">
              <input
                type="radio"
                name={`${titleId}-method`}
                value={method}
                checked={form.values.method === method}
                onChange={() => form.setMethod(method)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="spay-btn spay-btn-primary spay-pay"
          disabled={preview || busy || !form.errors.valid}
        >
          {CARD_MESSAGES.pay}
        </button>
      </form>
      <p className={`spay-card-status spay-${status?.kind ?? "muted"}`} role="status">
        {status?.text ?? ""}
      </p>
      <div className="spay-card-foot">
        <a href={termsUrl} target="_blank" rel="noopener noreferrer">
          {CARD_MESSAGES.terms}
        </a>
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
          {CARD_MESSAGES.privacy}
        </a>
        <span className="spay-muted">{CARD_MESSAGES.poweredBy}</span>
      </div>
    </section>
  );
}
