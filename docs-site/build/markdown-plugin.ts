import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import type { Plugin } from "vite";
import { postFromSource } from "../src/blog/post.ts";
import { expandSampleDirectives } from "../src/docs/expandSamples.ts";
import {
  expandRolesTableDirective,
  hasRolesTableDirective,
  type ProtocolRoles,
  type RolesTable,
  rolesTableOf,
} from "../src/docs/rolesTable.ts";
import { createMarkdownRenderer, type RenderedMarkdown } from "../src/markdown/render.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SAMPLES_DIR = path.join(ROOT, "samples");

/**
 * `import x from "./page.md?docs-page"`: the page, samples and the roles table (from
 * @spay/protocol) expanded, as sanitized HTML and headings.
 */
export const DOCS_PAGE_QUERY = "?docs-page";
/** `import x from "./post.md?blog-post"`: the post's fields, its body as sanitized HTML. */
export const BLOG_POST_QUERY = "?blog-post";

const SAMPLE_FILE = /\.(sh|ts|tsx|html)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

/** The code samples as src/docs/samples.ts sees them: path under samples/ → text. */
export async function readSamples(dir = SAMPLES_DIR): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const samples = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !SAMPLE_FILE.test(entry.name) || TEST_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(dir, file).split(path.sep).join("/");
    if (name.split("/").some((part) => part === "node_modules" || part.startsWith("."))) continue;
    samples.set(name, await readFile(file, "utf8"));
  }
  return samples;
}

/**
 * The roles table of @spay/protocol, the one the server checks requests against. The package is
 * TypeScript source, which Node does not load, and Vite leaves a package's imports to Node when it
 * loads this file with its config: so it is loaded with tsx, as scripts/openapi.ts loads the server.
 * tsx is imported only here, when a page shows the table (it brings esbuild, which jsdom breaks).
 */
let protocolRoles: Promise<RolesTable> | null = null;
export function loadRolesTable(): Promise<RolesTable> {
  protocolRoles ??= import("tsx/esm/api")
    .then(({ tsImport }) => tsImport("@spay/protocol", import.meta.url))
    .then((protocol: ProtocolRoles) => rolesTableOf(protocol));
  return protocolRoles;
}

/** A docs page's Markdown with its directives expanded: code samples, the roles table. */
export async function expandDocsDirectives(
  source: string,
  samples: ReadonlyMap<string, string>,
  rolesTable: () => Promise<RolesTable> = loadRolesTable,
): Promise<string> {
  const expanded = expandSampleDirectives(source, samples);
  return hasRolesTableDirective(expanded)
    ? expandRolesTableDirective(expanded, await rolesTable())
    : expanded;
}

/** Markdown → sanitized HTML in Node: the same renderer and sanitizer as the browser's, over jsdom. */
export function createBuildRenderer(): (markdown: string) => RenderedMarkdown {
  return createMarkdownRenderer(new JSDOM("").window);
}

/**
 * Renders the bundled docs pages and blog posts at build time, so the browser gets sanitized HTML
 * and never loads `marked` or DOMPurify for them.
 */
export function markdownPlugin(): Plugin {
  let render: ((markdown: string) => RenderedMarkdown) | null = null;
  const renderer = () => {
    render ??= createBuildRenderer();
    return render;
  };
  return {
    name: "spay-markdown",
    enforce: "pre",
    async load(id) {
      if (id.endsWith(DOCS_PAGE_QUERY)) {
        const file = id.slice(0, -DOCS_PAGE_QUERY.length);
        this.addWatchFile(file);
        const samples = await readSamples();
        for (const name of samples.keys()) this.addWatchFile(path.join(SAMPLES_DIR, name));
        const source = await readFile(file, "utf8");
        const rendered = renderer()(await expandDocsDirectives(source, samples));
        return { code: `export default ${JSON.stringify(rendered)};`, map: null };
      }
      if (id.endsWith(BLOG_POST_QUERY)) {
        const file = id.slice(0, -BLOG_POST_QUERY.length);
        this.addWatchFile(file);
        const post = postFromSource(file, await readFile(file, "utf8"));
        const built = { ...post, body: "", html: renderer()(post.body).html };
        return { code: `export default ${JSON.stringify(built)};`, map: null };
      }
      return null;
    },
  };
}
