import { describe, expect, it } from "vitest";
import { formatPostDate } from "./formatDate.ts";

describe("formatPostDate (SPEC.md §9: en-US long dates)", () => {
  it("formats a calendar day in en-US long form, the same day in every time zone", () => {
    expect(formatPostDate("2025-09-12")).toBe("September 12, 2025");
    expect(formatPostDate("2025-01-01")).toBe("January 1, 2025");
  });

  it("shows text that is not a date as written", () => {
    expect(formatPostDate("soon")).toBe("soon");
  });
});
