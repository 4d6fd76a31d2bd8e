import { curlSnippet, fetchSnippet } from "./api.js";
import { htmlSnippet } from "./html.js";
import { reactSnippet } from "./react.js";
import { urlSnippet } from "./url.js";

/** Everything the Integration Code panel needs for one product. */
export interface IntegrationSnippetOptions {
  publishableKey: string;
  apiUrl: string;
  scriptUrl: string;
  /** Origin of the hosted payment pages (the dashboard). */
  origin: string;
  productId: string;
  productName?: string;
  /** The product's payment link, for the URL tab (null when it has none). */
  linkId: string | null;
  amountMinor: number;
  view?: "card" | "button";
  secretKey?: string;
}

/** The four tabs of SPEC.md §2's Integration Code panel (HTML, React, API as curl and fetch, URL). */
export interface IntegrationSnippets {
  html: string;
  react: string;
  curl: string;
  fetch: string;
  /** Null when the product has no payment link. */
  url: string | null;
}

/** All integration snippets of a product, as the dashboard shows them. */
export function integrationSnippets(options: IntegrationSnippetOptions): IntegrationSnippets {
  const { publishableKey, apiUrl, productId, view } = options;
  const api = {
    apiUrl,
    amountMinor: options.amountMinor,
    productId,
    ...(options.productName ? { productName: options.productName } : {}),
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
  };
  return {
    html: htmlSnippet({
      publishableKey,
      apiUrl,
      scriptUrl: options.scriptUrl,
      productId,
      ...(view ? { view } : {}),
    }),
    react: reactSnippet({ publishableKey, apiUrl, productId, ...(view ? { view } : {}) }),
    curl: curlSnippet(api),
    fetch: fetchSnippet(api),
    url: options.linkId ? urlSnippet({ origin: options.origin, linkId: options.linkId }) : null,
  };
}
