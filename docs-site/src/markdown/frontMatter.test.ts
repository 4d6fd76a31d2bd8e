import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "./frontMatter.ts";

describe("parseFrontMatter (SPEC.md §3)", () => {
  it("reads key: value lines between --- markers and returns the rest as body", () => {
    const { data, body } = parseFrontMatter("---\ntitle: Hello\ndate: 2025-09-12\n---\n# Body\n");
    expect(data).toEqual({ title: "Hello", date: "2025-09-12" });
    expect(body).toBe("# Body\n");
  });

  it("strips quotes around values, double or single, and keeps colons inside values", () => {
    const { data } = parseFrontMatter(
      `---\ntitle: "sBTC: a guide"\nauthor: 'Ada'\nurl: https://x.test/a\n---\n`,
    );
    expect(data).toEqual({ title: "sBTC: a guide", author: "Ada", url: "https://x.test/a" });
  });

  it("turns a bracketed comma list into a list, unquoting items and dropping empties", () => {
    const { data } = parseFrontMatter(`---\ntags: [sBTC, "Stacks", 'x402', ]\nempty: []\n---\n`);
    expect(data.tags).toEqual(["sBTC", "Stacks", "x402"]);
    expect(data.empty).toEqual([]);
  });

  it("treats a source without a header (or an unclosed one) as all body", () => {
    expect(parseFrontMatter("# Just text")).toEqual({ data: {}, body: "# Just text" });
    expect(parseFrontMatter("---\ntitle: x\nno end")).toEqual({ data: {}, body: "---\ntitle: x\nno end" });
  });

  it("accepts CRLF line endings and a byte-order mark, and ignores lines without a colon", () => {
    const { data, body } = parseFrontMatter("\uFEFF---\r\ntitle: A\r\njunk line\r\n---\r\nBody");
    expect(data).toEqual({ title: "A" });
    expect(body).toBe("Body");
  });
});
