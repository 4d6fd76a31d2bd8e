import { DEFAULT_SOCIAL_IMAGE, PAY_HOST } from "../site.ts";

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** The full document title. */
  title: string;
  description: string;
  /** The page's path; the canonical URL is on the pay host (SPEC.md §9). */
  path: string;
  type?: "website" | "article";
  /** Social image, absolute or a path on the pay host; default the blog-default image. */
  image?: string | null;
  publishedTime?: string;
  author?: string;
  tags?: readonly string[];
  noindex?: boolean;
}

/** A `<meta>` or `<link>` element of the head, as attributes. */
export interface HeadElement {
  tag: "meta" | "link";
  attrs: Record<string, string>;
}

export const canonicalUrl = (path: string): string => new URL(path, PAY_HOST).href;

const absolute = (url: string): string => new URL(url, PAY_HOST).href;

/** The head elements of a page, besides its `<title>`: description, canonical, Open Graph, Twitter. */
export function headElements(meta: PageMeta): HeadElement[] {
  const url = canonicalUrl(meta.path);
  const image = absolute(meta.image || DEFAULT_SOCIAL_IMAGE);
  const name = (n: string, content: string): HeadElement => ({ tag: "meta", attrs: { name: n, content } });
  const property = (p: string, content: string): HeadElement => ({
    tag: "meta",
    attrs: { property: p, content },
  });
  const elements: HeadElement[] = [
    name("description", meta.description),
    { tag: "link", attrs: { rel: "canonical", href: url } },
    property("og:type", meta.type ?? "website"),
    property("og:site_name", "sPay"),
    property("og:title", meta.title),
    property("og:description", meta.description),
    property("og:url", url),
    property("og:image", image),
    name("twitter:card", "summary_large_image"),
    name("twitter:title", meta.title),
    name("twitter:description", meta.description),
    name("twitter:image", image),
  ];
  if (meta.noindex) elements.push(name("robots", "noindex"));
  if (meta.author) elements.push(name("author", meta.author), property("article:author", meta.author));
  if (meta.publishedTime) elements.push(property("article:published_time", meta.publishedTime));
  for (const tag of meta.tags ?? []) elements.push(property("article:tag", tag));
  if (meta.tags?.length) elements.push(name("keywords", meta.tags.join(", ")));
  return elements;
}

const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Marks the elements a page owns, so the client can replace them on navigation. */
export const HEAD_MARKER = "data-page-head";

/** The head as HTML, for the pre-rendered pages. */
export function headHtml(meta: PageMeta): string {
  const elements = headElements(meta).map(({ tag, attrs }) => {
    const attributes = Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(" ");
    return `<${tag} ${HEAD_MARKER} ${attributes} />`;
  });
  return [`<title>${escapeHtml(meta.title)}</title>`, ...elements].join("\n    ");
}

/** Sets the title and replaces the page's head elements (client navigation). */
export function applyMeta(doc: Document, meta: PageMeta): void {
  doc.title = meta.title;
  for (const old of doc.head.querySelectorAll(`[${HEAD_MARKER}]`)) old.remove();
  // The shell's own description goes too: the page's replaces it.
  doc.head.querySelector('meta[name="description"]:not([data-page-head])')?.remove();
  for (const { tag, attrs } of headElements(meta)) {
    const el = doc.createElement(tag);
    el.setAttribute(HEAD_MARKER, "");
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    doc.head.append(el);
  }
}
