import { ApiError } from "../domain/errors.ts";

/**
 * Token buckets kept in process memory, one per caller key. Each API process enforces its own
 * share; behind a load balancer the effective limit is per process (docs/architecture.md: scaling).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  /** @param perSecond refill rate; burst = 2 seconds' worth. 0 disables the limiter. */
  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond * 2,
  ) {}

  /** Takes one token or throws 429 with the seconds until one is available. */
  take(key: string, now = Date.now()): void {
    if (this.perSecond <= 0) return;
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    const refilled = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, updatedAt: now });
      const retryAfter = Math.max(1, Math.ceil((1 - refilled) / this.perSecond));
      throw new ApiError("rate_limited", { headers: { "Retry-After": String(retryAfter) } });
    }
    this.buckets.set(key, { tokens: refilled - 1, updatedAt: now });
    if (this.buckets.size > 100_000) this.sweep(now);
  }

  /** Drops buckets that have refilled completely; they carry no information. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.burst)
        this.buckets.delete(key);
    }
  }
}
