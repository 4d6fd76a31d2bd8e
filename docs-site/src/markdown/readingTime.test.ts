import { describe, expect, it } from "vitest";
import { countWords, readingTimeMinutes } from "./readingTime.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("reading time (SPEC.md §9: words / 200, rounded up)", () => {
  it("counts runs of non-space characters as words", () => {
    expect(countWords("  one two\n\nthree\tfour  ")).toBe(4);
    expect(countWords("   ")).toBe(0);
  });

  it("rounds up: 1 word is 1 minute, 200 words 1, 201 words 2, 400 words 2", () => {
    expect(readingTimeMinutes(words(1))).toBe(1);
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(201))).toBe(2);
    expect(readingTimeMinutes(words(400))).toBe(2);
    expect(readingTimeMinutes("")).toBe(0);
  });
});
