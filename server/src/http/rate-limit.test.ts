import { describe, expect, it } from "vitest";
import { ApiError } from "../domain/errors.ts";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows a burst of two seconds' worth, then answers 429 with Retry-After", () => {
    const limiter = new RateLimiter(5);
    for (let i = 0; i < 10; i++) limiter.take("k", 1000);
    try {
      limiter.take("k", 1000);
      expect.unreachable("11th request within the same instant must be limited");
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      expect((err as ApiError).headers["Retry-After"]).toBe("1");
    }
  });

  it("refills over time and keeps callers apart", () => {
    const limiter = new RateLimiter(1, 1);
    limiter.take("a", 0);
    expect(() => limiter.take("a", 500)).toThrow(ApiError);
    expect(() => limiter.take("b", 500)).not.toThrow();
    expect(() => limiter.take("a", 1600)).not.toThrow();
  });

  it("is disabled at 0 requests per second", () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) limiter.take("k");
  });
});
