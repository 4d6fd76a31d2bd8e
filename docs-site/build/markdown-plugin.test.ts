// @vitest-environment jsdom
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledBlog } from "../src/blog/bundledPosts.ts";
import type { BlogPost } from "../src/blog/post.ts";
import { DOCS_CONTENT_SLUGS, loadRenderedDocsPage } from "../src/docs/content.ts";
import { SAMPLES } from "../src/docs/samples.ts";
import { expectSafeHtml } from "../src/markdown/expect-safe-html.ts";
import type { RenderedMarkdown } from "../src/markdown/render.ts";
import { HOSTILE_MARKDOWN, XSS_PAYLOADS } from "../src/markdown/xss-payloads.ts";
import { BLOG_POST_QUERY, DOCS_PAGE_QUERY, markdownPlugin, readSamples } from "./markdown-plugin.ts";

/** Runs the plugin's load hook on a file, as Vite does for `file?query` imports. */
async function loadModule(id: string): Promise<unknown> {
  const plugin = markdownPlugin();
  const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<unknown>;
  const result = (await load.call({ addWatchFile() {} }, id)) as { code: string } | null;
  if (!result) throw new Error(`not handled: ${id}`);
  const json = result.code.replace(/^export default /, "").replace(/;$/, "");
  return JSON.parse(json);
}

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "spay-md-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Markdown rendered at build time (build/markdown-plugin.ts)", () => {
  it("sanitizes a hostile post: none of the XSS payloads survive in the emitted HTML", async () => {
    const file = path.join(dir, "hostile.md");
    await writeFile(file, `---\ntitle: Hostile\ndate: 2025-09-12\n---\n${HOSTILE_MARKDOWN}\n`);
    const post = (await loadModule(`${file}${BLOG_POST_QUERY}`)) as BlogPost;
    expect(post.slug).toBe("hostile");
    expect(post.title).toBe("Hostile");
    expect(post.body).toBe("");
    expect(post.html).toBeTypeOf("string");
    expectSafeHtml(post.html ?? "");
  });

  it.each(XSS_PAYLOADS)("sanitizes a docs page with %s", async (payload) => {
    const file = path.join(dir, "page.md");
    await writeFile(file, `# Page\n\n${payload}\n`);
    const page = (await loadModule(`${file}${DOCS_PAGE_QUERY}`)) as RenderedMarkdown;
    expect(page.headings[0]?.text).toBe("Page");
    expectSafeHtml(page.html);
  });

  it("ignores other modules", async () => {
    const plugin = markdownPlugin();
    const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<unknown>;
    expect(await load.call({ addWatchFile() {} }, path.join(dir, "page.md?raw"))).toBeNull();
  });

  it("reads the same code samples as the site (src/docs/samples.ts)", async () => {
    const samples = await readSamples();
    expect([...samples.keys()].sort()).toEqual([...SAMPLES.keys()].sort());
    for (const [name, text] of samples) expect(text, name).toBe(SAMPLES.get(name));
  });

  it("every docs page is bundled as HTML with its samples, and every bundled post carries HTML", async () => {
    for (const slug of DOCS_CONTENT_SLUGS) {
      const page = await loadRenderedDocsPage(slug);
      expect(page.html.length, slug).toBeGreaterThan(0);
      expect(page.html, slug).not.toContain("{{sample:");
      expect(page.html, slug).not.toContain("{{roles-table}}");
      expectSafeHtml(page.html);
    }
    const started = await loadRenderedDocsPage("getting-started");
    expect(started.html).toContain('class="sample-source"');
    const posts = await bundledBlog.list();
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.html, post.slug).toBeTypeOf("string");
      expectSafeHtml(post.html ?? "");
    }
  });
});
