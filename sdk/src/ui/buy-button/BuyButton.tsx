import { useState } from "react";
import { OVERLAY_MESSAGES } from "../../core/messages.js";
import { Dialog } from "../dialog/Dialog.js";
import { cardCss } from "../payment-link-card/card.css.js";
import { LinkState } from "../payment-link-card/LinkState.js";
import { PaymentLinkCard, type PaymentLinkCardProps } from "../payment-link-card/PaymentLinkCard.js";
import { usePaymentLinkData } from "../payment-link-card/usePaymentLinkData.js";
import { SpayRoot } from "../theme/SpayRoot.js";
import { BuyButtonView } from "./BuyButtonView.js";
import { buyButtonCss } from "./buy-button.css.js";

/** The same inputs as the card: the button opens the card's checkout in a dialog. */
export type BuyButtonProps = PaymentLinkCardProps;

/**
 * SPEC.md §2's button view: 'Buy $price' with a TEST tag. A click opens the checkout card (fields
 * the product requires, method choice, Pay) in a dialog; `preview` renders the button inert.
 */
export function BuyButton(props: BuyButtonProps) {
  const { theme, preview = false, client, onPay } = props;
  const { data, error, notFound, usdPerBtc } = usePaymentLinkData(props);
  const [open, setOpen] = useState(false);
  if (!data) {
    return (
      <SpayRoot theme={theme} css={cardCss}>
        <LinkState error={error} notFound={notFound} />
      </SpayRoot>
    );
  }
  const close = () => setOpen(false);
  return (
    <SpayRoot theme={theme} css={buyButtonCss}>
      <BuyButtonView
        priceMinor={data.priceMinor}
        test={data.env === "test"}
        disabled={preview || (!client && !onPay)}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <Dialog label={data.productName} onClose={close} closeOnBackdrop className="spay-buy-dialog">
          <PaymentLinkCard {...props} link={data} usdPerBtc={usdPerBtc} />
          <div className="spay-dialog-actions">
            <button type="button" className="spay-btn" onClick={close}>
              {OVERLAY_MESSAGES.close}
            </button>
          </div>
        </Dialog>
      ) : null}
    </SpayRoot>
  );
}
