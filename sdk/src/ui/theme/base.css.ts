/**
 * Design tokens and the shared control styles. Every class is `spay-` prefixed so the components
 * can live in a React app's document as well as in the drop-in's shadow root. Colours keep WCAG AA
 * contrast in both themes; focus rings are always visible; motion stops under reduced motion.
 */
export const baseCss = `
.spay{--spay-bg:#fff;--spay-fg:#111827;--spay-muted:#4b5563;--spay-surface:#f3f4f6;--spay-border:#9ca3af;--spay-accent:#9a3412;--spay-on-accent:#fff;--spay-danger:#b91c1c;--spay-success:#15803d;--spay-focus:#1d4ed8;--spay-backdrop:rgba(17,24,39,.6);--spay-radius:12px;color:var(--spay-fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:left}
.spay[data-theme=dark]{--spay-bg:#111827;--spay-fg:#f9fafb;--spay-muted:#d1d5db;--spay-surface:#1f2937;--spay-border:#6b7280;--spay-accent:#fdba74;--spay-on-accent:#111827;--spay-danger:#fca5a5;--spay-success:#86efac;--spay-focus:#93c5fd;--spay-backdrop:rgba(0,0,0,.7)}
.spay *,.spay *::before,.spay *::after{box-sizing:border-box}
.spay h2,.spay h3,.spay p{margin:0}
.spay-btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:40px;padding:8px 16px;border:1px solid var(--spay-border);border-radius:8px;background:var(--spay-bg);color:var(--spay-fg);font:inherit;font-weight:600;cursor:pointer}
.spay-btn-primary{background:var(--spay-accent);border-color:var(--spay-accent);color:var(--spay-on-accent)}
.spay-btn:disabled{opacity:.55;cursor:not-allowed}
.spay :is(.spay-btn,input,textarea,a,summary,[tabindex]):focus-visible{outline:3px solid var(--spay-focus);outline-offset:2px}
.spay a{color:inherit}
.spay-muted{color:var(--spay-muted)}
.spay-error{color:var(--spay-danger)}
.spay-success{color:var(--spay-success)}
.spay-badge{display:inline-block;padding:1px 6px;border-radius:4px;background:var(--spay-accent);color:var(--spay-on-accent);font-size:11px;font-weight:700;letter-spacing:.04em}
.spay-spinner{display:inline-block;width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:spay-spin .8s linear infinite;vertical-align:-3px}
@keyframes spay-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spay *{animation:none!important;transition:none!important}}
`;
