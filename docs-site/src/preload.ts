import { BlogPostPage } from "./App.tsx";
import { bundledBlog } from "./blog/bundledPosts.ts";
import { docsPageBySlug } from "./docs/nav.ts";
import { docsPageComponent } from "./docs/pages.tsx";

/**
 * Loads what the pre-render had ready for a page before it is hydrated: the route's lazily loaded
 * code (a docs page's content, the post page) and, for the blog, what src/entry-server.tsx had
 * cached (every bundled post). The first client render is then the server's, with nothing
 * suspended, so hydration adopts the static HTML as it is.
 */
export async function preloadRouteData(pathname: string): Promise<void> {
  const docs = pathname.match(/^\/docs(?:\/([^/]+))?\/?$/);
  if (docs) {
    const page = docsPageBySlug(decodeURIComponent(docs[1] ?? ""));
    if (page) await docsPageComponent(page.slug).preload();
    return;
  }
  if (!/^\/blog(\/|$)/.test(pathname)) return;
  const slug = pathname.match(/^\/blog\/([^/]+)\/?$/)?.[1];
  const code = slug ? BlogPostPage.preload() : null;
  const posts = await bundledBlog.list();
  await Promise.all([
    code,
    ...posts.map((post) => bundledBlog.post(post.slug)),
    slug ? bundledBlog.post(decodeURIComponent(slug)) : null,
  ]);
}
