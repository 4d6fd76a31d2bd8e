import { describe, expect, it } from "vitest";
import { nextAttemptDelay, parseRetryAfter, RETRY_DELAYS_SECONDS } from "./retry-schedule.ts";

describe("webhook retry schedule", () => {
  it("follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then gives up", () => {
    const exact = () => 0.5; // no jitter
    expect(RETRY_DELAYS_SECONDS.map((_, i) => nextAttemptDelay(i + 1, { random: exact }))).toEqual([
      5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
    ]);
    expect(nextAttemptDelay(10, { random: exact })).toBeNull();
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 86_400).toBeGreaterThan(3);
  });

  it("jitters by at most ±10 %", () => {
    expect(nextAttemptDelay(2, { random: () => 0 })).toBeCloseTo(270);
    expect(nextAttemptDelay(2, { random: () => 0.999999 })).toBeCloseTo(330, 0);
  });

  it("honours Retry-After when it asks for longer, capped at a day", () => {
    expect(nextAttemptDelay(1, { retryAfterSeconds: 120, random: () => 0.5 })).toBe(120);
    expect(nextAttemptDelay(2, { retryAfterSeconds: 10, random: () => 0.5 })).toBe(300);
    expect(nextAttemptDelay(1, { retryAfterSeconds: 10 ** 9, random: () => 0.5 })).toBe(86_400);
    expect(parseRetryAfter("42")).toBe(42);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThanOrEqual(59);
    expect(parseRetryAfter("soon")).toBeNull();
  });
});
