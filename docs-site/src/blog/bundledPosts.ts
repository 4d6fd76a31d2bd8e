import { createBlogStore } from "./store.ts";

/** The posts bundled with the site: each Markdown file is its own chunk, loaded on demand. */
const sources = import.meta.glob<string>("./posts/*.md", { query: "?raw", import: "default" });

export const bundledBlog = createBlogStore(sources);
