import { describe, expect, it } from "vitest";
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "./json-depth.ts";

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("jsonNestingExceeds", () => {
  it("allows nesting up to the limit and refuses one level more", () => {
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(
      jsonNestingExceeds(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`),
    ).toBe(true);
  });

  it("counts depth, not the number of containers", () => {
    const wide = `[${Array.from({ length: 10_000 }, () => "{}").join(",")}]`;
    expect(jsonNestingExceeds(wide)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const inString = JSON.stringify({ note: "[".repeat(1000), quoted: '\\"[[[[' + "{".repeat(500) });
    expect(jsonNestingExceeds(inString)).toBe(false);
    expect(jsonNestingExceeds(`["\\"", ${nested(MAX_JSON_DEPTH + 1)}]`)).toBe(true);
  });

  it("finishes a 1 MB hostile body in one pass", () => {
    const started = performance.now();
    expect(jsonNestingExceeds("[".repeat(1024 * 1024))).toBe(true);
    expect(jsonNestingExceeds(`"${"[".repeat(1024 * 1024)}"`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
