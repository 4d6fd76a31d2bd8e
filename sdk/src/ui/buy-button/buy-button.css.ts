import { dialogCss } from "../dialog/dialog.css.js";

/** The buy button and the dialog holding its checkout card. */
export const buyButtonCss = `${dialogCss}
.spay-buy{gap:8px}
.spay-buy .spay-badge{background:var(--spay-on-accent);color:var(--spay-accent)}
.spay-buy-dialog{max-width:440px}
.spay-buy-dialog .spay-card{max-width:none;border:0;padding:0}
`;
