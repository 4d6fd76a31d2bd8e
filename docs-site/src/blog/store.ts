import { type BlogPost, findPost, postFromSource, sortNewestFirst } from "./post.ts";

/** Where posts come from: file name → a loader of its Markdown, or of the post rendered at build time. */
export type PostSources = Record<string, () => Promise<string | BlogPost>>;

/** The blog's data, cached in memory: the list once, and each post per slug (SPEC.md §9). */
export interface BlogStore {
  list(): Promise<BlogPost[]>;
  post(slug: string): Promise<BlogPost | null>;
  /** What is cached already, so a page can render it without a loading step. */
  peekList(): BlogPost[] | undefined;
  peekPost(slug: string): BlogPost | null | undefined;
}

/** A store over post sources. Failures are not cached: Retry loads again. */
export function createBlogStore(sources: PostSources): BlogStore {
  let all: Promise<{ fileName: string; post: BlogPost }[]> | null = null;
  let list: BlogPost[] | undefined;
  const bySlug = new Map<string, BlogPost | null>();

  const loadAll = () => {
    all ??= Promise.all(
      Object.entries(sources).map(async ([fileName, load]) => {
        const loaded = await load();
        return { fileName, post: typeof loaded === "string" ? postFromSource(fileName, loaded) : loaded };
      }),
    ).catch((err: unknown) => {
      all = null;
      throw err;
    });
    return all;
  };

  return {
    async list() {
      list ??= sortNewestFirst((await loadAll()).map((p) => p.post));
      return list;
    },
    async post(slug) {
      if (bySlug.has(slug)) return bySlug.get(slug) ?? null;
      const post = findPost(await loadAll(), slug);
      bySlug.set(slug, post);
      return post;
    },
    peekList: () => list,
    peekPost: (slug) => bySlug.get(slug),
  };
}
