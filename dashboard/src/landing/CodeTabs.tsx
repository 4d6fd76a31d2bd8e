import { type KeyboardEvent, useState } from "react";
import { CopyButton } from "../ui/CopyButton.tsx";
import { CODE_SAMPLES } from "./content.ts";
import { LANDING } from "./messages.ts";

type Tab = keyof typeof CODE_SAMPLES;
const TABS: { id: Tab; label: string }[] = [
  { id: "qr", label: LANDING.qrTab },
  { id: "x402", label: LANDING.x402Tab },
];

/** Two tabs switching the hero's code between the QR scheme and x402 (HTTP), each with Copy. */
export function CodeTabs() {
  const [tab, setTab] = useState<Tab>("qr");
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const next = tab === "qr" ? "x402" : "qr";
      setTab(next);
      document.getElementById(`code-tab-${next}`)?.focus();
    }
  };
  return (
    <div className="code-tabs">
      <div role="tablist" aria-label={LANDING.codeTabsLabel} className="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`code-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="code-panel"
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? "tab tab-active" : "tab"}
            onClick={() => setTab(t.id)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="code-panel" role="tabpanel" aria-labelledby={`code-tab-${tab}`} className="code-panel">
        <div className="code-actions">
          <CopyButton key={tab} text={CODE_SAMPLES[tab]} />
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre tabIndex={0}>
          <code>{CODE_SAMPLES[tab]}</code>
        </pre>
      </div>
    </div>
  );
}
