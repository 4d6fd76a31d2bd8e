import { CHECKOUT_MESSAGES, QR_OPTIONS } from "./messages.js";

/**
 * Size and quiet zone of a QR code (SPEC.md §9: width 300, margin 2): `width` in pixels, `margin`
 * in modules, `color` the module and background colours (`#rrggbb` or `#rrggbbaa`).
 */
export interface QrOptions {
  width?: number;
  margin?: number;
  color?: { dark?: string; light?: string };
}

type QrCodeModule = typeof import("qrcode");

let loading: Promise<QrCodeModule> | null = null;

/**
 * `qrcode` is imported on the first QR drawn, as its own chunk: a page that only calls the API
 * never downloads it, and an overlay fetches it while it opens.
 */
function loadQrCode(): Promise<QrCodeModule> {
  // `qrcode` is CommonJS: its exports are the namespace's `default` (Node, bundlers' chunks).
  loading ??= import("qrcode").then(
    (mod) => mod.default,
    (err: unknown) => {
      loading = null; // a failed download may succeed on the next attempt
      throw err;
    },
  );
  return loading;
}

/**
 * The QR code of `text` (level M) as an SVG document string: no canvas needed (SSR, jsdom, shadow
 * DOM). Throws `CHECKOUT_MESSAGES.noSpayUrl` when empty.
 */
export async function qrSvg(text: string, options: QrOptions = QR_OPTIONS): Promise<string> {
  if (!text) throw new Error(CHECKOUT_MESSAGES.noSpayUrl);
  const qrcode = await loadQrCode();
  return (await qrcode.toString(text, { ...options, type: "svg", errorCorrectionLevel: "M" })).trim();
}

/**
 * The QR code of `text` (the intent's `spay_url`) as an SVG `data:` URL for an `<img>`, sharp at
 * any size. Throws `CHECKOUT_MESSAGES.noSpayUrl` when empty.
 */
export async function qrDataUrl(text: string, options: QrOptions = QR_OPTIONS): Promise<string> {
  return `data:image/svg+xml,${encodeURIComponent(await qrSvg(text, options))}`;
}
