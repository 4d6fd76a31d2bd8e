/**
 * The code a merchant copies from our docs: the docs site's sample files (run against a gateway
 * by the docs-site suite, inside the workspace) and every TypeScript block of the packages'
 * READMEs and of the docs pages, each written into the merchant's project as a module of its own.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ProjectKind, REPO_ROOT } from "./packed-project.ts";

const SAMPLES_DIR = path.join(REPO_ROOT, "docs-site", "samples");

/** Markdown whose TypeScript blocks a merchant copies: the packages' READMEs and the docs pages. */
export const MARKDOWN_WITH_SAMPLES = [
  "sdk/README.md",
  "protocol/README.md",
  ...["getting-started", "sdks", "webhooks", "refunds", "x402-protocol"].map(
    (page) => `docs-site/src/docs/content/${page}.md`,
  ),
];

/** The fenced ```ts and ```tsx blocks of a Markdown text, in order. */
export function typescriptBlocks(markdown: string): { lang: "ts" | "tsx"; code: string }[] {
  return [...markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] as "ts" | "tsx",
    code: m[2]!,
  }));
}

/**
 * Every sample as a file of the project it belongs in (path under `samples/` → source): code
 * with x402-stacks or `@x402/fetch` is an agent's, or a seller's on Express 4 (x402-stacks' peer);
 * the rest is the shop's.
 */
export async function docSamples(): Promise<Record<ProjectKind, Record<string, string>>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(SAMPLES_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.join("samples", "docs-site", path.relative(SAMPLES_DIR, file))] = await readFile(file, "utf8");
  }
  for (const doc of MARKDOWN_WITH_SAMPLES) {
    const blocks = typescriptBlocks(await readFile(path.join(REPO_ROOT, doc), "utf8"));
    const name = doc
      .replace(/\/README\.md$/, "-readme")
      .replace(/^.*\//, "")
      .replace(/\.md$/, "");
    blocks.forEach((block, i) => {
      // Each block is a module of its own, as it would be in the reader's file.
      files[path.join("samples", "markdown", `${name}-${i + 1}.${block.lang}`)] =
        `${block.code}\nexport {};\n`;
    });
  }
  const byProject: Record<ProjectKind, Record<string, string>> = { shop: {}, agent: {} };
  for (const [file, code] of Object.entries(files))
    byProject[/from "(x402-stacks|@x402\/fetch)"/.test(code) ? "agent" : "shop"][file] = code;
  return byProject;
}
