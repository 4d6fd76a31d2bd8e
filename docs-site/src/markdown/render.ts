import type { WindowLike } from "dompurify";
import { Marked, type Tokens } from "marked";
import { createSanitizer } from "./sanitize.ts";

/** An anchor id for a heading: lower case, runs of other characters as one hyphen. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z0-9#]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** Heading HTML as plain text (for the table of contents, which React escapes again). */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
}

/** A heading of a rendered page, for its table of contents. */
export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  /** Sanitized HTML: safe to insert. */
  html: string;
  headings: Heading[];
}

/**
 * Markdown → sanitized HTML: `marked` (GitHub flavour, raw HTML passed through) then DOMPurify
 * with sPay's rules (./sanitize.ts). Headings get ids so pages can link to their sections.
 */
export function createMarkdownRenderer(window: WindowLike): (markdown: string) => RenderedMarkdown {
  const sanitize = createSanitizer(window);
  return (markdown) => {
    const headings: Heading[] = [];
    const used = new Map<string, number>();
    const marked = new Marked({
      gfm: true,
      renderer: {
        heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
          const inner = this.parser.parseInline(token.tokens);
          const base = slugify(inner) || "section";
          const seen = used.get(base) ?? 0;
          used.set(base, seen + 1);
          const id = seen === 0 ? base : `${base}-${seen}`;
          headings.push({ id, text: plainText(inner), depth: token.depth });
          return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
        },
      },
    });
    const html = marked.parse(markdown, { async: false });
    return { html: sanitize(html), headings };
  };
}

let renderer: ((markdown: string) => RenderedMarkdown) | null = null;
let rendererWindow: WindowLike | null = null;

/** The pre-render sets jsdom's window here; in a browser the page's own window is used. */
export function setMarkdownWindow(window: WindowLike): void {
  rendererWindow = window;
  renderer = null;
}

/** Renders Markdown with the current window (see `setMarkdownWindow`). */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  if (!renderer) {
    const window = rendererWindow ?? (globalThis.window as unknown as WindowLike | undefined);
    if (!window) throw new Error("renderMarkdown needs a window: call setMarkdownWindow() outside a browser");
    renderer = createMarkdownRenderer(window);
  }
  return renderer(markdown);
}
