import { dialogCss } from "../dialog/dialog.css.js";

/** The wallet picker modal. */
export const walletPickerCss = `${dialogCss}
.spay-wallets{display:grid;gap:8px;margin:0;padding:0;list-style:none}
.spay-wallet{width:100%;justify-content:space-between}
.spay-wallet-tags{display:flex;gap:6px;align-items:center;font-weight:400}
`;
