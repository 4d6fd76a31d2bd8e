import { parseFrontMatter } from "../markdown/frontMatter.ts";
import { readingTimeMinutes } from "../markdown/readingTime.ts";

/** A blog post (SPEC.md §3): front matter, the Markdown body and the computed reading time. */
export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  date: string;
  author: string | null;
  tags: string[];
  image: string | null;
  /** `/blog/{slug}`. */
  path: string;
  /** Minutes, SPEC.md §9. */
  readingTime: number;
  /** The Markdown body; empty when `html` carries the body rendered at build time. */
  body: string;
  /**
   * The body as sanitized HTML, rendered at build time for the bundled posts (build/markdown-plugin.ts);
   * null for a post read at run time, whose `body` the page renders and sanitizes.
   */
  html: string | null;
}

const text = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(", ") : (value ?? "").trim();

/** `posts/accept-bitcoin-payments-stacks.md` → `accept-bitcoin-payments-stacks`. */
export function fileSlug(fileName: string): string {
  return (fileName.split("/").pop() ?? fileName).replace(/\.md$/i, "");
}

/** Reads a post; the slug falls back to the file name (SPEC.md §3). */
export function postFromSource(fileName: string, source: string): BlogPost {
  const { data, body } = parseFrontMatter(source);
  const slug = text(data.slug) || fileSlug(fileName);
  const tags = Array.isArray(data.tags) ? data.tags : text(data.tags) ? [text(data.tags)] : [];
  return {
    slug,
    title: text(data.title) || slug,
    description: text(data.description),
    date: text(data.date),
    author: text(data.author) || null,
    tags,
    image: text(data.image) || null,
    path: `/blog/${slug}`,
    readingTime: readingTimeMinutes(body),
    body,
    html: null,
  };
}

/** SPEC.md §9: newest first; posts of the same day in slug order, so the order never flickers. */
export function sortNewestFirst(posts: readonly BlogPost[]): BlogPost[] {
  const time = (p: BlogPost) => {
    const t = Date.parse(p.date);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...posts].sort((a, b) => time(b) - time(a) || a.slug.localeCompare(b.slug));
}

/** SPEC.md §5: a post matches by its front-matter slug or its file name. */
export function findPost(
  posts: readonly { fileName: string; post: BlogPost }[],
  slug: string,
): BlogPost | null {
  return posts.find((p) => p.post.slug === slug || fileSlug(p.fileName) === slug)?.post ?? null;
}

/** Initials for the author badge: up to two letters, 'BT' without an author (SPEC.md §2). */
export function authorInitials(author: string | null, fallback: string): string {
  const letters = (author ?? "")
    .split(/\s+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? "")
    .filter(Boolean);
  return letters.length === 0 ? fallback : letters.slice(0, 2).join("").toUpperCase();
}
