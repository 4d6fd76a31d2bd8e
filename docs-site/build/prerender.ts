import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** What the pre-render entry (src/entry-server.tsx, built for Node) exports. */
export interface PrerenderEntry {
  prerenderPaths(): Promise<string[]>;
  renderPage(path: string): Promise<{ html: string; meta: unknown }>;
  headHtml(meta: never): string;
}

const HEAD = /<!--head:start-->[\s\S]*?<!--head:end-->/;
const APP = "<!--app-->";

const INCOMPLETE_BOUNDARY = /<!--\$[?!]-->/;
const BOUNDARY_MARKER = /<!--\/?\$-->/g;

/**
 * The pre-rendered app as the browser's Preact hydrates it: React marks each (completed) Suspense
 * boundary with `<!--$-->…<!--/$-->`, which only React's hydration reads; left in, Preact would
 * move the boundary's first element before the marker, i.e. take the painted content out of the
 * page and put it back. A boundary still pending or failed means the page is not complete.
 */
export function withoutSuspenseMarkers(html: string): string {
  if (INCOMPLETE_BOUNDARY.test(html))
    throw new Error("the pre-rendered page has an unfinished Suspense boundary");
  return html.replace(BOUNDARY_MARKER, "");
}

/** Puts a page's head and HTML into the built index.html. */
export function fillTemplate(template: string, head: string, html: string): string {
  if (!HEAD.test(template) || !template.includes(APP))
    throw new Error("index.html lacks the head or app markers");
  return template.replace(HEAD, () => head).replace(APP, () => html);
}

/**
 * Writes `dist/docs/<page>/index.html` and `dist/blog/<slug>/index.html` (and `dist/docs/index.html`,
 * `dist/blog/index.html`), the files the gateway serves for those paths before the app's shell.
 */
export async function writePrerenderedPages(entry: PrerenderEntry, outDir: string): Promise<string[]> {
  const template = await readFile(path.join(outDir, "index.html"), "utf8");
  const written: string[] = [];
  for (const page of await entry.prerenderPaths()) {
    const { html, meta } = await entry.renderPage(page);
    const file = path.join(outDir, page, "index.html");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      fillTemplate(template, entry.headHtml(meta as never), withoutSuspenseMarkers(html)),
    );
    written.push(page);
  }
  return written;
}
