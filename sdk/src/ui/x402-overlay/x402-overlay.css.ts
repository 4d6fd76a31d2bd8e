import { dialogCss } from "../dialog/dialog.css.js";

/** The x402 payment overlay. */
export const x402OverlayCss = `${dialogCss}
.spay-x402-body{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
.spay-x402-amount{font-size:24px;font-weight:800}
.spay-qr{display:block;border-radius:8px;background:#fff}
.spay-qr-placeholder{background:var(--spay-surface)}
.spay-step{display:flex;align-items:center;gap:8px;font-weight:600}
.spay-txid{display:flex;align-items:center;gap:8px;font-family:ui-monospace,monospace}
.spay-devinfo{width:100%;margin-top:8px;text-align:left}
.spay-devinfo summary{cursor:pointer;font-weight:600}
.spay-devinfo dl{display:grid;gap:4px;margin:8px 0}
.spay-devinfo dl div{display:flex;gap:8px}
.spay-devinfo dt{min-width:80px;color:var(--spay-muted)}
.spay-devinfo dd{margin:0;word-break:break-all}
.spay-devinfo figure{margin:0}
.spay-devinfo figcaption{color:var(--spay-muted)}
.spay-devinfo pre{max-height:160px;overflow:auto;padding:8px;border-radius:6px;background:var(--spay-surface);font-size:12px}
`;
