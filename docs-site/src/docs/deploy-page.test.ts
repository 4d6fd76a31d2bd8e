/**
 * The docs site's "Deploy to production" page is the repository's docs/deploy.md for readers
 * without the repository: the same text, with links to other repository docs written as their
 * paths. Any step changed in one and not the other fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The text with both link styles as one token and line wrapping ignored. */
function normalized(markdown: string): string {
  return markdown
    .replace(/^# .*\n/, "")
    .replace(/\[[^\]]+\]\(([a-z-]+)\.md(#[^)]*)?\)/g, "<docs/$1.md>")
    .replace(/`docs\/([a-z-]+)\.md` in the repository/g, "<docs/$1.md>")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the Deploy to production page", () => {
  it("says what docs/deploy.md says, after its one-line introduction", () => {
    const repository = normalized(read("../../../docs/deploy.md"));
    const page = normalized(read("./content/deploy.md"));
    expect(repository.length).toBeGreaterThan(1000);
    expect(page.endsWith(repository)).toBe(true);
  });
});
