import type { RenderedMarkdown } from "../markdown/render.ts";

/** The Markdown of each docs page (for tests of what the pages say). */
const pages = import.meta.glob<string>("./content/*.md", { query: "?raw", import: "default" });

/**
 * Each docs page rendered at build time (samples expanded, sanitized: build/markdown-plugin.ts),
 * one chunk per page, loaded when the page is opened.
 */
const renderedPages = import.meta.glob<RenderedMarkdown>("./content/*.md", {
  query: "?docs-page",
  import: "default",
});

const key = (slug: string) => `./content/${slug || "overview"}.md`;

export function loadDocsContent(slug: string): Promise<string> {
  const load = pages[key(slug)];
  if (!load) return Promise.reject(new Error(`No docs content for ${slug || "overview"}`));
  return load();
}

export function loadRenderedDocsPage(slug: string): Promise<RenderedMarkdown> {
  const load = renderedPages[key(slug)];
  if (!load) return Promise.reject(new Error(`No docs content for ${slug || "overview"}`));
  return load();
}

export const DOCS_CONTENT_SLUGS: readonly string[] = Object.keys(pages).map((p) =>
  p.replace(/^\.\/content\/|\.md$/g, ""),
);
