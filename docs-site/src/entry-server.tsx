/**
 * The pre-render (build/prerender-plugin.ts builds this for Node and calls it): every docs and blog
 * page as static HTML with its title and social/SEO meta.
 */

import type { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { bundledBlog } from "./blog/bundledPosts.ts";
import { DOCS_PAGES, docsPath } from "./docs/nav.ts";
import type { PageMeta } from "./seo/meta.ts";
import { type MetaCollector, MetaCollectorProvider } from "./seo/useDocumentMeta.tsx";

export { headHtml } from "./seo/meta.ts";

/** Every page to pre-render: the docs pages, the blog index and each post. */
export async function prerenderPaths(): Promise<string[]> {
  const posts = await bundledBlog.list();
  return [...DOCS_PAGES.map(docsPath), "/blog", ...posts.map((p) => p.path)];
}

async function streamToString(stream: NodeJS.ReadableStream | PassThrough): Promise<string> {
  let html = "";
  for await (const chunk of stream)
    html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}

/** Renders one page, waiting for its lazy parts; its meta is what the page reported while rendering. */
export async function renderPage(path: string): Promise<{ html: string; meta: PageMeta }> {
  // Cached data renders directly, so the page is complete rather than a spinner.
  const posts = await bundledBlog.list();
  for (const post of posts) await bundledBlog.post(post.slug);
  const slug = path.match(/^\/blog\/([^/]+)$/)?.[1];
  if (slug) await bundledBlog.post(slug);
  const collector: MetaCollector = { meta: null };
  const { prelude } = await prerenderToNodeStream(
    <MetaCollectorProvider collector={collector}>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </MetaCollectorProvider>,
    // One document with every boundary inline: React would otherwise outline large boundaries
    // and complete them with inline scripts, which the CSP (script-src 'self') forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  if (!collector.meta) throw new Error(`${path} reported no page meta`);
  return { html, meta: collector.meta };
}
