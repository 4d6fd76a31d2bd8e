/** The Markdown of each docs page, one chunk per page, loaded when the page is opened. */
const pages = import.meta.glob<string>("./content/*.md", { query: "?raw", import: "default" });

export function loadDocsContent(slug: string): Promise<string> {
  const load = pages[`./content/${slug || "overview"}.md`];
  if (!load) return Promise.reject(new Error(`No docs content for ${slug || "overview"}`));
  return load();
}

export const DOCS_CONTENT_SLUGS: readonly string[] = Object.keys(pages).map((p) =>
  p.replace(/^\.\/content\/|\.md$/g, ""),
);
