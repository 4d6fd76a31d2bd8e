import { createContext, useContext } from "react";
import { bundledBlog } from "./bundledPosts.ts";
import type { BlogStore } from "./store.ts";

/** The blog store pages read; tests provide their own (slow, failing, hostile posts). */
export const BlogContext = createContext<BlogStore>(bundledBlog);

export const useBlog = (): BlogStore => useContext(BlogContext);
