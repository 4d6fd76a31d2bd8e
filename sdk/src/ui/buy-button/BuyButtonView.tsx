import { formatUsd } from "../../core/format.js";
import { CARD_MESSAGES } from "../../core/messages.js";

/** Props of {@link BuyButtonView}. */
export interface BuyButtonViewProps {
  priceMinor: number;
  test: boolean;
  disabled?: boolean;
  onClick?: () => void;
}

/** 'Buy $price' with a TEST tag (SPEC.md §2 button view). */
export function BuyButtonView({ priceMinor, test, disabled, onClick }: BuyButtonViewProps) {
  return (
    <button
      type="button"
      className="spay-btn spay-btn-primary spay-buy"
      disabled={disabled}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      {CARD_MESSAGES.buy(formatUsd(priceMinor))}
      {test ? <span className="spay-badge">{CARD_MESSAGES.testBadge}</span> : null}
    </button>
  );
}
