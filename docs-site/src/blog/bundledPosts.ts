import type { BlogPost } from "./post.ts";
import { createBlogStore } from "./store.ts";

/**
 * The posts bundled with the site: each is its own chunk, loaded on demand, its body already
 * rendered to sanitized HTML at build time (build/markdown-plugin.ts).
 */
const sources = import.meta.glob<BlogPost>("./posts/*.md", { query: "?blog-post", import: "default" });

export const bundledBlog = createBlogStore(sources);
