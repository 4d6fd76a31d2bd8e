import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { BlogContext } from "./BlogContext.tsx";
import { BlogIndex } from "./BlogIndex.tsx";
import { BlogLayout } from "./BlogLayout.tsx";
import { BlogPostPage } from "./BlogPostPage.tsx";
import { createBlogStore, type PostSources } from "./store.ts";

/** A post file with front matter, for tests. */
export function postFile(fields: Record<string, string>, body = "Body text."): string {
  const header = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return `---\n${header}\n---\n${body}\n`;
}

/** Renders the blog routes at `path` over the given post sources. */
export function renderBlog(path: string, sources: PostSources) {
  const store = createBlogStore(sources);
  const utils = render(
    <BlogContext.Provider value={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blog" element={<BlogLayout />}>
            <Route index element={<BlogIndex />} />
            <Route path=":slug" element={<BlogPostPage />} />
          </Route>
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </BlogContext.Provider>,
  );
  return { ...utils, store };
}
