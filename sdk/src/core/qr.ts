import { CHECKOUT_MESSAGES, QR_OPTIONS } from "./messages.js";
import type { QrSvgOptions } from "./qr-encoder.js";

/**
 * Size and quiet zone of a QR code (SPEC.md §9: width 300, margin 2): `width` in pixels, `margin`
 * in modules, `color` the module and background colours (`#rrggbb` or `#rrggbbaa`).
 */
export type QrOptions = QrSvgOptions;

type QrEncoder = typeof import("./qr-encoder.js");

let encoder: Promise<QrEncoder> | null = null;

/**
 * The encoder (./qr-encoder.ts, level M, byte mode) is loaded on the first QR drawn: a page that
 * only calls the API never downloads it, and an overlay fetches it while it opens.
 */
function loadEncoder(): Promise<QrEncoder> {
  encoder ??= import("./qr-encoder.js").catch((err: unknown) => {
    encoder = null;
    throw err;
  });
  return encoder;
}

/** The QR code of `text` as an SVG document string (no canvas needed: SSR, jsdom, shadow DOM). */
export async function qrSvg(text: string, options: QrOptions = QR_OPTIONS): Promise<string> {
  if (!text) throw new Error(CHECKOUT_MESSAGES.noSpayUrl);
  const qr = await loadEncoder();
  return qr.qrSvgDocument(qr.qrMatrix(text, "M"), options);
}

/**
 * The QR code of `text` (the intent's `spay_url`) as an SVG `data:` URL for an `<img>`, sharp at
 * any size. Throws `CHECKOUT_MESSAGES.noSpayUrl` when empty.
 */
export async function qrDataUrl(text: string, options: QrOptions = QR_OPTIONS): Promise<string> {
  const svg = await qrSvg(text, options);
  return (await loadEncoder()).svgDataUrl(svg);
}
