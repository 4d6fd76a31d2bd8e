import { qrDataUrl } from "@spay/sdk";
import { useEffect, useState } from "react";
import { CopyButton } from "../ui/CopyButton.tsx";
import { HOSTED_CHECKOUT } from "./messages.ts";
import { HOSTED_QR, type PayDetails } from "./pay-details.ts";

type Qr = { kind: "drawing" } | { kind: "drawn"; src: string } | { kind: "failed" };

/**
 * The other ways to pay an open intent on its hosted page: the QR of its `spay_url` (the SDK's
 * encoder, loaded on first use, as its 'Scan to Pay' overlay draws it) to carry the payment to a
 * phone, and the transfer's details — pay-to address, exact amount, memo — each with a Copy button,
 * for paying from any wallet.
 */
export function ScanToPay({ details }: { details: PayDetails }) {
  const [qr, setQr] = useState<Qr>({ kind: "drawing" });
  useEffect(() => {
    let live = true;
    setQr({ kind: "drawing" });
    qrDataUrl(details.qrText, HOSTED_QR).then(
      (src) => live && setQr({ kind: "drawn", src }),
      () => live && setQr({ kind: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [details.qrText]);

  return (
    <section className="scan-to-pay" aria-labelledby="scan-to-pay-title" data-testid="scan-to-pay">
      <h2 id="scan-to-pay-title" className="scan-to-pay-title">
        {HOSTED_CHECKOUT.orScan}
      </h2>
      <figure className="hosted-qr-figure">
        <div className="hosted-qr" data-qr-text={details.qrText} data-testid="hosted-qr">
          {qr.kind === "drawn" ? (
            <img src={qr.src} alt={HOSTED_CHECKOUT.qrAlt} width={HOSTED_QR.width} height={HOSTED_QR.width} />
          ) : (
            // Holds the code's place so nothing below jumps when it appears.
            <div className="hosted-qr-placeholder" aria-hidden="true" />
          )}
        </div>
        <figcaption className="muted">
          {qr.kind === "failed" ? (
            <span role="alert">{HOSTED_CHECKOUT.qrFailed}</span>
          ) : (
            HOSTED_CHECKOUT.scanHint
          )}
        </figcaption>
      </figure>
      <p className="muted">{HOSTED_CHECKOUT.transferNote}</p>
      <dl className="details transfer-details">
        <div className="field-row">
          <dt>{HOSTED_CHECKOUT.payTo}</dt>
          <dd>
            <code data-testid="pay-to-address">{details.payTo}</code>
            <CopyButton text={details.payTo} label={HOSTED_CHECKOUT.copyPayTo} />
          </dd>
        </div>
        <div className="field-row">
          <dt>{HOSTED_CHECKOUT.exactAmount}</dt>
          <dd>
            <code data-testid="pay-amount">
              {details.amount} {details.symbol}
            </code>
            <CopyButton text={details.amount} label={HOSTED_CHECKOUT.copyAmount} />
          </dd>
        </div>
        <div className="field-row">
          <dt>{HOSTED_CHECKOUT.memo}</dt>
          <dd>
            <code data-testid="pay-memo">{details.memo}</code>
            <CopyButton text={details.memo} label={HOSTED_CHECKOUT.copyMemo} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
