import { describe, expect, it } from "vitest";
import { DOCS_CONTENT_SLUGS, loadDocsContent } from "./content.ts";
import { DOCS_PAGES } from "./nav.ts";
import { expandSamples, SAMPLES } from "./samples.ts";

const DIRECTIVE = /^\{\{sample:([\w./-]+)\}\}$/gm;

describe("docs pages and their code samples", () => {
  it("has Markdown for every page of the sidebar except the generated API reference", () => {
    const markdownPages = DOCS_PAGES.filter((p) => p.slug !== "api-reference").map(
      (p) => p.slug || "overview",
    );
    expect([...DOCS_CONTENT_SLUGS].sort()).toEqual([...markdownPages].sort());
  });

  it("includes only samples that exist, and every sample file is shown on some page", async () => {
    const used = new Set<string>();
    for (const slug of DOCS_CONTENT_SLUGS) {
      const source = await loadDocsContent(slug);
      for (const [, name] of source.matchAll(DIRECTIVE)) used.add(name ?? "");
      expect(() => expandSamples(source), slug).not.toThrow();
    }
    expect([...used].sort()).toEqual([...SAMPLES.keys()].sort());
  });

  it("puts a sample in a fenced block of its language, with its file name", () => {
    const samples = new Map([["x/a.sh", "curl -s https://example.com\n"]]);
    expect(expandSamples("Before\n\n{{sample:x/a.sh}}\n\nAfter", samples)).toBe(
      'Before\n\n```sh\ncurl -s https://example.com\n```\n\n<p class="sample-source">samples/x/a.sh</p>\n\nAfter',
    );
    expect(() => expandSamples("{{sample:missing.sh}}", samples)).toThrow("Unknown code sample: missing.sh");
  });
});
