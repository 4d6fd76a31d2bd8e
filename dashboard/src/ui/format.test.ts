import { describe, expect, it } from "vitest";
import { formatDate } from "./format.ts";

describe("dates (SPEC.md §2 Settings, §9)", () => {
  it("shows unix seconds in the long US format", () => {
    expect(formatDate(Date.UTC(2026, 0, 15, 12) / 1000)).toBe("January 15, 2026");
  });
  it("shows 'N/A' when missing", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate(0)).toBe("N/A");
  });
});
