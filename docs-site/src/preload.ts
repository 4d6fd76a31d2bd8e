import { bundledBlog } from "./blog/bundledPosts.ts";

/**
 * Loads what the pre-render had cached for a blog page (src/entry-server.tsx loads every bundled
 * post), so the blog renders in the browser exactly as on the server. Docs pages need nothing:
 * their content is a lazy component React waits for while hydrating.
 */
export async function preloadRouteData(pathname: string): Promise<void> {
  if (!/^\/blog(\/|$)/.test(pathname)) return;
  const posts = await bundledBlog.list();
  await Promise.all(posts.map((post) => bundledBlog.post(post.slug)));
  const slug = pathname.match(/^\/blog\/([^/]+)\/?$/)?.[1];
  if (slug) await bundledBlog.post(decodeURIComponent(slug));
}
