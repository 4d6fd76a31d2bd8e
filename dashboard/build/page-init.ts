import { readFileSync } from "node:fs";
import { type Plugin, transformWithEsbuild } from "vite";

const SOURCE = readFileSync(new URL("./page-init.js", import.meta.url), "utf8");

/** build/page-init.js, minified: what runs in the page's <head>. */
export async function pageInitScript(): Promise<string> {
  const { code } = await transformWithEsbuild(SOURCE, "page-init.js", { minify: true, target: "es2020" });
  return code.trim();
}

/** Hides the pre-rendered landing page when the init script chose the app (a stored session, another path). */
export const PRERENDER_HIDE_STYLE = 'html[data-shell="app"] #root[data-prerendered]{display:none}';

/**
 * The theme and shell script inline in <head> (a script file there blocks the first paint on a
 * request), and on index.html the style that acts on its choice. The gateway allows the inline
 * script by the sha256 of the page it serves (server/src/http/static-files.ts), so nothing here
 * needs to know the hash.
 */
export const pageInit: Plugin = {
  name: "spay-page-init",
  transformIndexHtml: {
    order: "pre",
    handler: async (_html, ctx) => [
      { tag: "script", children: await pageInitScript(), injectTo: "head" },
      ...(ctx.filename.endsWith("index.html")
        ? [{ tag: "style", children: PRERENDER_HIDE_STYLE, injectTo: "head" as const }]
        : []),
    ],
  },
};
