import { describe, expect, it } from "vitest";
import { csvField, fillDays, rangeStart, successRate, utcDay } from "./analytics.ts";

describe("analytics rules (SPEC.md §9)", () => {
  it("success rate is the rounded percentage of paid over decided (paid + failed); none → null", () => {
    expect(successRate(2, 1)).toBe(67);
    expect(successRate(0, 4)).toBe(0);
    expect(successRate(3, 0)).toBe(100);
    expect(successRate(0, 0)).toBeNull();
  });

  it("a range covers whole UTC days ending today", () => {
    const now = Date.UTC(2026, 0, 10, 15) / 1000;
    expect(utcDay(rangeStart("7d", now))).toBe("2026-01-04");
    expect(utcDay(rangeStart("30d", now))).toBe("2025-12-12");
  });

  it("the series has one point per day, zero where nothing happened", () => {
    const since = Date.UTC(2026, 0, 1) / 1000;
    const day2 = Math.floor(since / 86_400) + 1;
    const points = fillDays(since, since + 2 * 86_400, [
      { day: day2, revenue_micros: "5001000", transactions: 2 },
    ]);
    expect(points).toEqual([
      { date: "2026-01-01", revenue_minor: 0, revenue_micros: "0", transactions: 0 },
      { date: "2026-01-02", revenue_minor: 500, revenue_micros: "5001000", transactions: 2 },
      { date: "2026-01-03", revenue_minor: 0, revenue_micros: "0", transactions: 0 },
    ]);
  });

  it("CSV fields are quoted when needed and never start a formula", () => {
    expect(csvField(null)).toBe("");
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(12)).toBe("12");
  });
});
