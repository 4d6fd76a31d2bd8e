/** The payment-link card. */
export const cardCss = `
.spay-card{max-width:400px;padding:20px;border:1px solid var(--spay-border);border-radius:var(--spay-radius);background:var(--spay-bg)}
.spay-card-head{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:12px;font-weight:600}
.spay-merchant{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.spay-card-head .spay-badge{flex:none}
.spay-card h2{font-size:18px;margin-bottom:4px}
.spay-card>img{display:block;width:100%;height:auto;margin-bottom:12px;border-radius:8px}
.spay-price{margin:12px 0}
.spay-btc{font-size:24px;font-weight:800}
.spay-summary{display:grid;gap:4px;margin:12px 0;padding:12px 0;border-top:1px solid var(--spay-border);border-bottom:1px solid var(--spay-border)}
.spay-summary div{display:flex;justify-content:space-between;gap:8px}
.spay-summary dd{margin:0}
.spay-summary .spay-total{font-weight:700}
.spay-tags{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}
.spay-field{display:grid;gap:4px;margin-bottom:12px}
.spay-field label{font-weight:600}
.spay-field input,.spay-field textarea{width:100%;padding:8px 10px;border:1px solid var(--spay-border);border-radius:8px;background:var(--spay-bg);color:var(--spay-fg);font:inherit}
.spay-field-error{font-size:13px}
.spay-methods{display:grid;gap:6px;margin:0 0 16px;padding:0;border:0}
.spay-methods legend{margin-bottom:6px;padding:0;font-weight:600}
.spay-method{display:flex;align-items:center;gap:8px;padding:8px 10px;border:1px solid var(--spay-border);border-radius:8px;cursor:pointer}
.spay-method input{margin:0;accent-color:var(--spay-accent)}
.spay-pay{width:100%}
.spay-card-status{margin-top:8px}
.spay-card-foot{display:flex;flex-wrap:wrap;gap:12px;justify-content:center;margin-top:16px;font-size:12px}
`;
