import { htmlAttr, httpUrl } from "./escape.js";

/** What the HTML (drop-in) snippet embeds. */
export interface HtmlSnippetOptions {
  /** `pk_test_…` / `pk_live_…` (never a secret key: it is public in the page). */
  publishableKey: string;
  /** The sPay API the drop-in calls. */
  apiUrl: string;
  /** Where `spay.js` is served. */
  scriptUrl: string;
  /** The product to sell (`prod_…`); or `linkId`. */
  productId?: string;
  /** A payment link (`plink_…`); or `productId`. */
  linkId?: string;
  /** Checkout card (default) or a Buy button. */
  view?: "card" | "button";
  /** Light (default) or dark. */
  theme?: "light" | "dark";
}

/** The element's target attribute: a product or a payment link, exactly one. */
export function targetOf(options: { productId?: string; linkId?: string }): ["product" | "link", string] {
  if (options.productId && options.linkId) throw new TypeError("Pass productId or linkId, not both");
  if (options.productId) return ["product", options.productId];
  if (options.linkId) return ["link", options.linkId];
  throw new TypeError("A snippet needs a productId or a linkId");
}

/**
 * The drop-in snippet (SPEC.md §2 Integration Code, HTML tab): the script tag with the key and
 * API, then the element it turns into a checkout card or Buy button. No build step needed.
 *
 * @example
 * htmlSnippet({ publishableKey: "pk_test_…", apiUrl, scriptUrl: `${apiUrl}/spay.js`, productId: "prod_…" })
 */
export function htmlSnippet(options: HtmlSnippetOptions): string {
  const [kind, id] = targetOf(options);
  const scriptAttrs = [
    `src="${htmlAttr(httpUrl(options.scriptUrl, "scriptUrl"))}"`,
    `data-spay-key="${htmlAttr(options.publishableKey)}"`,
    `data-spay-api="${htmlAttr(httpUrl(options.apiUrl, "apiUrl"))}"`,
    ...(options.theme ? [`data-spay-theme="${htmlAttr(options.theme)}"`] : []),
  ];
  const elementAttrs = [
    `data-spay-${kind}="${htmlAttr(id)}"`,
    `data-spay-view="${htmlAttr(options.view ?? "card")}"`,
  ];
  return `<script ${scriptAttrs.join(" ")}></script>\n<div ${elementAttrs.join(" ")}></div>\n`;
}
