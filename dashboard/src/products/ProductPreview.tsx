import { BuyButton, PaymentLinkCard, type PaymentLinkData } from "@spay/sdk/react";
import { useState } from "react";
import { useTheme } from "../state/theme.tsx";
import { PRODUCTS } from "./messages.ts";

/** SPEC.md §2: the live preview in card view or button view, drawn by the SDK's own components. */
export function ProductPreview({ link, usdPerBtc }: { link: PaymentLinkData; usdPerBtc?: number }) {
  const { theme } = useTheme();
  const [view, setView] = useState<"card" | "button">(link.view === "button" ? "button" : "card");
  return (
    <section className="preview" aria-label={PRODUCTS.preview}>
      <div className="tablist" role="tablist" aria-label={PRODUCTS.preview}>
        {(["card", "button"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={view === v ? "tab tab-active" : "tab"}
            onClick={() => setView(v)}
          >
            {v === "card" ? PRODUCTS.cardView : PRODUCTS.buttonView}
          </button>
        ))}
      </div>
      <div className="preview-stage" data-testid={`preview-${view}`}>
        {view === "card" ? (
          <PaymentLinkCard link={link} preview theme={theme} usdPerBtc={usdPerBtc} />
        ) : (
          <BuyButton link={link} preview theme={theme} usdPerBtc={usdPerBtc} />
        )}
      </div>
    </section>
  );
}
