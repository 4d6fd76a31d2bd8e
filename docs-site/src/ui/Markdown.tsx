import { type MouseEvent, useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { nameServedOrigin } from "./servedOrigin.ts";

/** Same-site pages the router shows without a reload. */
const ROUTED = /^\/(docs|blog)(\/|$|#|\?)/;

/**
 * Rendered Markdown. `html` must come from the Markdown renderer (src/markdown/render.ts), which
 * sanitizes with DOMPurify under SPEC.md §5's rules (no scripts, handlers or dangerous URL
 * schemes) — at build time for bundled pages and posts (build/markdown-plugin.ts), in the browser
 * for Markdown read at run time (./RuntimeMarkdown.tsx). That sanitized string is the only HTML
 * this site inserts with dangerouslySetInnerHTML. Links to /docs and /blog are followed by the router.
 * Samples name the gateway the page was served from (./servedOrigin.ts).
 */
export function Markdown({ html }: { html: string }) {
  const navigate = useNavigate();
  const prose = useRef<HTMLDivElement>(null);
  // After each render of new HTML, once in the browser (the prerendered markup hydrates unchanged).
  useEffect(() => {
    if (prose.current && html) nameServedOrigin(prose.current);
  }, [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target || !ROUTED.test(href)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click only routes the links inside, which stay keyboard links.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the Markdown renderer (DOMPurify), see above.
    <div ref={prose} className="prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
