import { Suspense, useState } from "react";
import { OVERLAY_MESSAGES } from "../../core/messages.js";
import type { CreatePaymentIntentParams, PaymentIntent } from "../../core/types.js";
import type { Checkout } from "../checkout/Checkout.js";
import { LazyCheckout } from "../checkout/LazyCheckout.js";
import { SpayRoot } from "../theme/SpayRoot.js";
import type { Theme } from "../theme/theme.js";
import { cardCss } from "./card.css.js";
import { checkoutParams } from "./checkoutParams.js";
import { LinkState } from "./LinkState.js";
import { legalUrls } from "./legalUrls.js";
import { PaymentLinkCardView } from "./PaymentLinkCardView.js";
import { useCheckoutForm } from "./useCheckoutForm.js";
import { type PaymentLinkDataProps, usePaymentLinkData } from "./usePaymentLinkData.js";
import type { PaymentMethodChoice } from "./validateCheckoutForm.js";

/** What Pay hands to a custom `onPay`. */
export interface PayRequest {
  method: PaymentMethodChoice;
  params: CreatePaymentIntentParams;
}

/** Props of {@link PaymentLinkCard}: the product (given or loaded), theme, and callbacks. */
export interface PaymentLinkCardProps extends PaymentLinkDataProps {
  /** Dashboard preview: badges instead of fields, Pay disabled. */
  preview?: boolean;
  theme?: Theme;
  termsUrl?: string;
  privacyUrl?: string;
  /** Replaces the built-in checkout: called with the method and the intent to create. */
  onPay?: (request: PayRequest) => void;
  onSuccess?: (intent: PaymentIntent) => void;
  onError?: (error: Error) => void;
}

/**
 * SPEC.md §2's checkout card for a product or payment link: merchant and TEST badge, BTC amount
 * with its USD equivalent, subtotal/tax/total, Email and Shipping Address when required, the
 * method radios and Pay, which opens the {@link Checkout} (QR overlay or wallet flow).
 * Give `link` data, or a `client` with `productId` / `linkId` to load it.
 */
export function PaymentLinkCard(props: PaymentLinkCardProps) {
  const { client, preview = false, theme, onPay, onSuccess, onError } = props;
  const { data, error, notFound, usdPerBtc } = usePaymentLinkData(props);
  const form = useCheckoutForm({
    requireEmail: data?.requireEmail ?? false,
    requireShipping: data?.requireShipping ?? false,
  });
  const [paying, setPaying] = useState<PayRequest | null>(null);
  const [paid, setPaid] = useState(false);

  if (!data) {
    return (
      <SpayRoot theme={theme} css={cardCss}>
        <LinkState error={error} notFound={notFound} />
      </SpayRoot>
    );
  }
  const { termsUrl, privacyUrl } = legalUrls(data.url, client?.apiUrl, props);
  const pay = () => {
    const method = form.values.method ?? "qr";
    const request = { method, params: checkoutParams(data, form.values) };
    if (onPay) onPay(request);
    else if (client) setPaying(request);
  };
  return (
    <SpayRoot theme={theme} css={cardCss}>
      <PaymentLinkCardView
        data={data}
        usdPerBtc={usdPerBtc}
        form={form}
        preview={preview || (!client && !onPay)}
        busy={paying !== null}
        status={paid ? { text: OVERLAY_MESSAGES.paymentSettled, kind: "success" } : null}
        termsUrl={termsUrl}
        privacyUrl={privacyUrl}
        onSubmit={pay}
      />
      {paying && client ? (
        <Suspense fallback={null}>
          <LazyCheckout
            client={client}
            params={paying.params}
            method={paying.method}
            theme={theme}
            onSuccess={(intent) => {
              setPaid(true);
              onSuccess?.(intent);
            }}
            {...(onError ? { onError } : {})}
            onClose={() => setPaying(null)}
          />
        </Suspense>
      ) : null}
    </SpayRoot>
  );
}
