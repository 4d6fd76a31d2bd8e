/**
 * The real blog post page with one hostile post (every payload of xss-payloads.ts), for the
 * Chromium test: built with Vite like the site, served under a strict CSP.
 */
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router-dom";
import { App } from "../../src/App.tsx";
import { BlogContext } from "../../src/blog/BlogContext.tsx";
import { createBlogStore } from "../../src/blog/store.ts";
import { HOSTILE_MARKDOWN } from "../../src/markdown/xss-payloads.ts";

const post = `---\ntitle: Hostile payloads\ndescription: Every payload we know\ndate: 2025-09-12\n---\n${HOSTILE_MARKDOWN}\n`;
const store = createBlogStore({ "./posts/hostile.md": async () => post });

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <BlogContext.Provider value={store}>
      <MemoryRouter initialEntries={["/blog/hostile"]}>
        <App />
      </MemoryRouter>
    </BlogContext.Provider>,
  );
