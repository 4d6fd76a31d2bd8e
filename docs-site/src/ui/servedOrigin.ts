import { useEffect, useState } from "react";
import { LOCAL_API_URL } from "../site.ts";

/**
 * Samples name the gateway the docs were served from. Pages are prerendered naming the local
 * gateway (`pnpm start`'s default); in a browser, the origin the page was loaded from replaces it,
 * since the gateway serves its own docs (at /docs) — on another port or host, a copied sample still
 * reaches it. The first render keeps the prerendered origin, so hydration sees the same markup.
 */
function servedOrigin(): string | null {
  const { protocol, origin } = window.location;
  return protocol === "http:" || protocol === "https:" ? origin : null;
}

/** The origin samples name: the local gateway until mounted in a browser, then the page's own. */
export function useServedOrigin(): string {
  const [origin, setOrigin] = useState(LOCAL_API_URL);
  useEffect(() => setOrigin(servedOrigin() ?? LOCAL_API_URL), []);
  return origin;
}

/** `text` naming `origin` wherever it named the local gateway. */
export function withServedOrigin(text: string, origin: string): string {
  return origin === LOCAL_API_URL ? text : text.replaceAll(LOCAL_API_URL, origin);
}

/**
 * Renames the local gateway to the page's origin in rendered HTML, in place: text nodes' data and
 * links' addresses change, no element is replaced (the prerendered page stays hydrated), and text
 * data is never parsed as HTML.
 */
export function nameServedOrigin(root: HTMLElement): void {
  const origin = servedOrigin();
  if (!origin || origin === LOCAL_API_URL) return;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue?.includes(LOCAL_API_URL)) node.nodeValue = withServedOrigin(node.nodeValue, origin);
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[href^="${LOCAL_API_URL}"]`))
    link.setAttribute("href", withServedOrigin(link.getAttribute("href") ?? "", origin));
}
