import { formatUsdMicros, statusLabel } from "@spay/protocol";
import { formatIntentAmount, type PaymentIntent, SPayClient } from "@spay/sdk";
import { Checkout, usePaymentIntent } from "@spay/sdk/react";
import { useEffect, useMemo, useState } from "react";
import { hostedPaymentIntent } from "../api/checkout.ts";
import { formatTime, statusTone } from "../payments/payment-rules.ts";
import { useTheme } from "../state/theme.tsx";
import { Loading } from "../ui/Status.tsx";
import { hostedCheckoutPhase, lastTransferFailed } from "./hosted-phase.ts";
import { HOSTED_CHECKOUT, PAYMENT_LINK } from "./messages.ts";
import { PublicPage } from "./PublicPage.tsx";
import { payDetails } from "./pay-details.ts";
import { Receipt } from "./Receipt.tsx";
import { ScanToPay } from "./ScanToPay.tsx";
import { TestModeBadge } from "./TestModeBadge.tsx";

type LoadState =
  | { kind: "loading" }
  | { kind: "error"; notFound: boolean }
  | { kind: "ready"; intent: PaymentIntent; publishableKey: string; merchantName: string | null };

/**
 * `/pay/:intentId?client_secret=…` — what `checkout_url` and `spay_url` (the QR) open: pay with a
 * wallet, or scan the page's QR to carry the payment to a phone, or send the transfer by hand;
 * then follow the status. The intent's id and client secret come from the URL (see route.ts);
 * without the secret the intent reads as not found.
 */
export function HostedCheckoutPage({ intentId, clientSecret }: { intentId: string; clientSecret: string }) {
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    hostedPaymentIntent(intentId, clientSecret).then(
      (r) =>
        live &&
        setState({
          kind: "ready",
          intent: r.payment_intent,
          publishableKey: r.publishable_key,
          merchantName: r.merchant_name,
        }),
      (err: unknown) =>
        live && setState({ kind: "error", notFound: (err as { status?: number }).status === 404 }),
    );
    return () => {
      live = false;
    };
  }, [intentId, clientSecret]);

  if (state.kind === "loading")
    return (
      <PublicPage>
        <Loading label={HOSTED_CHECKOUT.loading} />
      </PublicPage>
    );
  if (state.kind === "error")
    return (
      <PublicPage>
        <section className="card public-error" role="alert">
          <h1>{HOSTED_CHECKOUT.notFoundTitle}</h1>
          <p>{state.notFound ? HOSTED_CHECKOUT.notFound : HOSTED_CHECKOUT.failed}</p>
          <a href="/" className="button">
            {PAYMENT_LINK.goHome}
          </a>
        </section>
      </PublicPage>
    );
  return (
    <HostedCheckout
      initial={state.intent}
      publishableKey={state.publishableKey}
      merchantName={state.merchantName}
    />
  );
}

function HostedCheckout({
  initial,
  publishableKey,
  merchantName,
}: {
  initial: PaymentIntent;
  publishableKey: string;
  merchantName: string | null;
}) {
  const { theme } = useTheme();
  const client = useMemo(
    () => new SPayClient({ apiKey: publishableKey, apiUrl: window.location.origin }),
    [publishableKey],
  );
  // A publishable key follows an intent by its client secret (the id alone is a 404).
  const followed = usePaymentIntent(client, initial.client_secret);
  const intent = followed.intent ?? initial;
  const [paying, setPaying] = useState(false);
  const phase = hostedCheckoutPhase(intent);
  const failedBefore = lastTransferFailed(intent);
  const productName = intent.metadata.product_name ?? null;

  if (phase === "settled")
    return (
      <PublicPage>
        <Receipt intent={intent} productName={productName} merchantName={merchantName} />
      </PublicPage>
    );
  return (
    <PublicPage>
      <section
        className="card hosted-checkout"
        aria-labelledby="checkout-title"
        data-testid="hosted-checkout"
      >
        <div className="hosted-merchant">
          <p className="muted truncate" title={merchantName ?? undefined}>
            {merchantName}
          </p>
          <TestModeBadge env={intent.env} />
        </div>
        <h1 id="checkout-title" className="line-clamp" title={productName ?? undefined}>
          {productName ?? HOSTED_CHECKOUT.title}
        </h1>
        <p className="hosted-amount">
          <strong>{formatUsdMicros(intent.amount_micros)}</strong>{" "}
          <span className="muted">{formatIntentAmount(intent)}</span>
        </p>
        <p>
          {HOSTED_CHECKOUT.status}:{" "}
          <span className={`badge badge-${statusTone(intent.status)}`} data-testid="hosted-status">
            {statusLabel(intent.status)}
          </span>
        </p>
        {phase === "open" ? (
          <>
            {failedBefore ? (
              <p role="alert" className="error" data-testid="hosted-transfer-failed">
                {HOSTED_CHECKOUT.transferFailed}
              </p>
            ) : null}
            <p className="muted">{HOSTED_CHECKOUT.expiresAt(formatTime(intent.expires_at))}</p>
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => setPaying(true)}
            >
              {failedBefore ? HOSTED_CHECKOUT.tryAgain : HOSTED_CHECKOUT.payWithWallet}
            </button>
            {/* Only while the intent takes a payment: a transfer sent to these details once it is paid or expired would pay for nothing. */}
            <ScanToPay details={payDetails(intent)} />
          </>
        ) : null}
        {phase === "processing" ? <p role="status">{HOSTED_CHECKOUT.processing}</p> : null}
        {phase === "expired" ? <p role="alert">{HOSTED_CHECKOUT.expired}</p> : null}
        {phase === "canceled" ? <p role="alert">{HOSTED_CHECKOUT.canceled}</p> : null}
        {phase === "failed" ? <p role="alert">{HOSTED_CHECKOUT.failedPayment}</p> : null}
      </section>
      {paying ? (
        <Checkout
          client={client}
          intent={intent}
          method="wallet"
          theme={theme}
          onClose={() => setPaying(false)}
        />
      ) : null}
    </PublicPage>
  );
}
