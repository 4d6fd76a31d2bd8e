import { integrationSnippets } from "@spay/sdk/snippets";
import { useId, useState } from "react";
import { useCopy } from "../ui/useCopy.ts";
import { PRODUCTS } from "./messages.ts";
import { publicBaseUrl } from "./public-url.ts";

type Tab = "html" | "react" | "api" | "url";
const TABS: Tab[] = ["html", "react", "api", "url"];

/** SPEC.md §2: the collapsible Integration Code panel; every text comes from `@spay/sdk/snippets`. */
export function IntegrationCodePanel({
  publishableKey,
  productId,
  productName,
  linkId,
  amountMinor,
  view,
}: {
  publishableKey: string;
  productId: string | null;
  productName: string;
  linkId: string | null;
  amountMinor: number;
  view: "card" | "button";
}) {
  const [tab, setTab] = useState<Tab>("html");
  const { copied, failed, copy } = useCopy();
  const panelId = useId();
  const origin = publicBaseUrl();
  const snippets = integrationSnippets({
    publishableKey: publishableKey || "pk_test_…",
    apiUrl: origin,
    scriptUrl: `${origin}/sdk/spay.js`,
    origin,
    productId: productId ?? "prod_…",
    productName,
    linkId,
    amountMinor,
    view,
  });
  const text =
    tab === "html"
      ? snippets.html
      : tab === "react"
        ? snippets.react
        : tab === "api"
          ? snippets.curl
          : (snippets.url ?? PRODUCTS.saveFirst);
  return (
    <details className="code-details" data-testid="integration-code">
      <summary>{PRODUCTS.integrationCode}</summary>
      <div className="tablist" role="tablist" aria-label={PRODUCTS.integrationCode}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${panelId}-${t}`}
            aria-selected={tab === t}
            aria-controls={panelId}
            className={tab === t ? "tab tab-active" : "tab"}
            onClick={() => setTab(t)}
          >
            {PRODUCTS.tabs[t]}
          </button>
        ))}
      </div>
      <div className="code-panel" role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${tab}`}>
        <pre data-testid="snippet">
          <code>{text}</code>
        </pre>
        <div className="code-actions">
          <button
            type="button"
            className="button button-small"
            disabled={tab === "url" && !snippets.url}
            onClick={() => void copy(text)}
          >
            {PRODUCTS.copy}
          </button>
          <span role="status" className={failed ? "error-text" : "success-text"}>
            {copied ? PRODUCTS.copiedToClipboard : ""}
          </span>
        </div>
      </div>
    </details>
  );
}
