import { dialogCss } from "../dialog/dialog.css.js";

/** The QR / wallet payment overlay. */
export const qrOverlayCss = `${dialogCss}
.spay-qr-body{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
.spay-qr{display:block;border-radius:8px;background:#fff}
.spay-qr-placeholder{background:var(--spay-surface)}
.spay-qr-link{max-width:100%;font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
.spay-amount{font-size:16px;font-weight:700}
.spay-step{display:flex;align-items:center;gap:8px;font-weight:600}
.spay-live{min-height:1.45em}
`;
