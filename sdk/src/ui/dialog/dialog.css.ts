/** The modal frame shared by every overlay. */
export const dialogCss = `
.spay-backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:var(--spay-backdrop)}
.spay-dialog{position:relative;width:100%;max-width:420px;max-height:calc(100vh - 32px);overflow:auto;padding:24px;border-radius:var(--spay-radius);background:var(--spay-bg);color:var(--spay-fg);box-shadow:0 20px 50px rgba(0,0,0,.35)}
.spay-dialog:focus{outline:none}
.spay-dialog-title{margin:0 0 16px;font-size:18px;font-weight:700}
.spay-dialog-actions{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}
`;
