import { useQrCode } from "./useQrCode.js";

/** Props of {@link QrImage}. */
export interface QrImageProps {
  text: string | null | undefined;
  width: number;
  margin: number;
  /** Alternative text of the image. */
  label: string;
}

/** A QR code of `text`, with a same-sized placeholder until it is ready (or when it cannot be). */
export function QrImage({ text, width, margin, label }: QrImageProps) {
  const { src } = useQrCode(text, { width, margin });
  const size = { width: `${width}px`, height: `${width}px`, maxWidth: "100%" };
  return src ? (
    <img className="spay-qr" src={src} alt={label} width={width} height={width} style={size} />
  ) : (
    <div className="spay-qr spay-qr-placeholder" style={size} aria-hidden="true" />
  );
}
