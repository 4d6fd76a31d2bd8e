import { Navigate, Route, Routes } from "react-router-dom";
import { BlogIndex } from "./blog/BlogIndex.tsx";
import { BlogLayout } from "./blog/BlogLayout.tsx";
import { DocsLayout } from "./docs/DocsLayout.tsx";
import { DocsRoute } from "./docs/DocsRoute.tsx";
import { DOCS_PAGES } from "./docs/nav.ts";
import { preloadable } from "./ui/preloadable.tsx";

/** A post page loads with its route, not with the index. */
export const BlogPostPage = preloadable(async () => (await import("./blog/BlogPostPage.tsx")).BlogPostPage);

/** The docs and blog routes (SPEC.md §2); the router around it is the browser's or the pre-render's. */
export function App() {
  return (
    <Routes>
      <Route path="/docs" element={<DocsLayout />}>
        <Route index element={<DocsRoute slug="" />} />
        {DOCS_PAGES.filter((p) => p.slug).map((page) => (
          <Route key={page.slug} path={page.slug} element={<DocsRoute slug={page.slug} />} />
        ))}
        <Route path="*" element={<DocsRoute slug="\0missing" />} />
      </Route>
      <Route path="/blog" element={<BlogLayout />}>
        <Route index element={<BlogIndex />} />
        <Route path=":slug" element={<BlogPostPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/docs" replace />} />
    </Routes>
  );
}
