import { useEffect, useState } from "react";
import { qrDataUrl } from "../../core/qr.js";

/** What `useQrCode` knows: the image once made, or why there is none (the placeholder stays). */
export interface QrCodeState {
  src: string | null;
  failed: boolean;
}

/**
 * Renders `text` as a QR data URL after mount (SPEC.md §4: generated on open; a missing link
 * leaves the placeholder). Runs only in effects, so server rendering shows the placeholder.
 */
export function useQrCode(
  text: string | null | undefined,
  options: { width: number; margin: number },
): QrCodeState {
  const [state, setState] = useState<QrCodeState>({ src: null, failed: false });
  const { width, margin } = options;
  useEffect(() => {
    if (!text) {
      setState({ src: null, failed: true });
      return;
    }
    let live = true;
    setState({ src: null, failed: false });
    qrDataUrl(text, { width, margin }).then(
      (src) => live && setState({ src, failed: false }),
      () => live && setState({ src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [text, width, margin]);
  return state;
}
