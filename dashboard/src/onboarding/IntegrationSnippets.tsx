import { curlSnippet, fetchSnippet, htmlSnippet } from "@spay/sdk/snippets";
import { type KeyboardEvent, useState } from "react";
import { publicBaseUrl } from "../products/public-url.ts";
import { CopyButton } from "../ui/CopyButton.tsx";
import { ONBOARDING } from "./messages.ts";

type Tab = keyof typeof ONBOARDING.snippetTabs;
const TABS: Tab[] = ["rest", "javascript", "wordpress"];

/** REST, JavaScript and WordPress snippets creating the sandbox payment, from `@spay/sdk/snippets`. */
export function snippetsFor(publishableKey: string, origin: string): Record<Tab, string> {
  const api = { apiUrl: origin, amountMinor: 100 };
  return {
    rest: curlSnippet(api),
    javascript: fetchSnippet(api),
    wordpress: `<!-- WordPress: paste into a Custom HTML block -->\n${htmlSnippet({
      publishableKey,
      apiUrl: origin,
      scriptUrl: `${origin}/sdk/spay.js`,
      productId: "prod_your_product_id",
    })}`,
  };
}

export function IntegrationSnippets({ publishableKey }: { publishableKey: string }) {
  const [tab, setTab] = useState<Tab>("rest");
  const code = snippetsFor(publishableKey || "pk_test_your_key", publicBaseUrl())[tab];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next =
      TABS[(TABS.indexOf(tab) + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length] ?? "rest";
    setTab(next);
    document.getElementById(`snippet-tab-${next}`)?.focus();
  };
  return (
    <section className="card" aria-labelledby="snippets-title">
      <h2 id="snippets-title">{ONBOARDING.snippetsTitle}</h2>
      <div role="tablist" aria-label={ONBOARDING.snippetsTitle} className="tablist">
        {TABS.map((t) => (
          <button
            key={t}
            id={`snippet-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="snippet-panel"
            tabIndex={tab === t ? 0 : -1}
            className={tab === t ? "tab tab-active" : "tab"}
            onClick={() => setTab(t)}
            onKeyDown={onKeyDown}
          >
            {ONBOARDING.snippetTabs[t]}
          </button>
        ))}
      </div>
      <div id="snippet-panel" role="tabpanel" aria-labelledby={`snippet-tab-${tab}`} className="code-panel">
        <div className="code-actions">
          <CopyButton key={tab} text={code} />
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre tabIndex={0}>
          <code>{code}</code>
        </pre>
      </div>
    </section>
  );
}
