import { OVERLAY_MESSAGES } from "../../core/messages.js";
import { QrImage } from "../shared/QrImage.js";

/** Size of the payment QR code in the overlay. */
const QR_SIZE = { width: 240, margin: 2 } as const;

/** The QR mode's body: the QR code of the payment link (a placeholder until there is one), and the link. */
export function QrCodeBody({ spayUrl }: { spayUrl: string | null | undefined }) {
  return (
    <>
      <QrImage text={spayUrl} label={OVERLAY_MESSAGES.qrImageLabel} {...QR_SIZE} />
      {spayUrl ? (
        <a className="spay-qr-link" href={spayUrl} target="_blank" rel="noopener noreferrer">
          {spayUrl}
        </a>
      ) : null}
    </>
  );
}
