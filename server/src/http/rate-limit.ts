import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { ApiError } from "../domain/errors.ts";

/** This process's Redis connection is named `spay-rate-limits-<pid>` (CLIENT LIST shows it). */
export const REDIS_CONNECTION_NAME = "spay-rate-limits";

/** How often an unreachable Redis is reported while requests fall back to per-process limits. */
const REDIS_WARNING_INTERVAL_MS = 60_000;

/**
 * A budget per caller key: `burst` requests, refilled at `perSecond` (rate-limiter-flexible's
 * fixed window of `burst / perSecond` seconds, so the long-run rate is `perSecond` and a caller may
 * spend the whole window's budget at once). 0 requests per second disables the limiter.
 */
export class RateLimiter {
  constructor(private readonly limiter: RateLimiterAbstract | null) {}

  /** Takes one request from the key's budget, or throws 429 with the seconds until the next. */
  async take(key: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError("rate_limited", { headers: { "Retry-After": String(retryAfter) } });
    }
  }
}

/**
 * Where the budgets live. In memory each API process enforces its own (N processes give a caller N
 * times the limit); in Redis every process spends from one budget per key.
 */
export interface RateLimitStore {
  readonly kind: "memory" | "redis";
  /** A limiter whose keys are kept apart from every other limiter's by `name`. */
  limiter(name: string, perSecond: number, burst?: number): RateLimiter;
  /**
   * Resolves once the store answers, or after `timeoutMs` (requests before then are limited per
   * process). Memory is ready at once.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Budget {
  points: number;
  duration: number;
}

function budget(perSecond: number, burst: number): Budget {
  const points = Math.max(1, Math.floor(burst));
  return { points, duration: Math.max(1, Math.round(points / perSecond)) };
}

export function memoryRateLimits(): RateLimitStore {
  return {
    kind: "memory",
    limiter(name, perSecond, burst = perSecond * 2) {
      if (perSecond <= 0) return new RateLimiter(null);
      return new RateLimiter(new RateLimiterMemory({ keyPrefix: name, ...budget(perSecond, burst) }));
    },
    ready: async () => true,
    close: async () => {},
  };
}

/**
 * Budgets shared through Redis at `url`, each key under `prefix`. While Redis cannot answer
 * (down, not yet connected) each limiter falls back to an in-memory insurance limiter with the same
 * budget — per-process limits, never unlimited and never failing requests — and a warning is
 * logged at most once a minute.
 */
export function redisRateLimits(
  url: string,
  { prefix = "spay:rl", log = console.warn }: { prefix?: string; log?: (message: string) => void } = {},
): RateLimitStore {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: `${REDIS_CONNECTION_NAME}-${process.pid}`,
  });
  let lastWarning = Number.NEGATIVE_INFINITY;
  client.on("error", (err: Error) => {
    const now = Date.now();
    if (now - lastWarning < REDIS_WARNING_INTERVAL_MS) return;
    lastWarning = now;
    log(`rate limits: Redis unreachable (${err.message}); limiting per process until it answers`);
  });
  return {
    kind: "redis",
    limiter(name, perSecond, burst = perSecond * 2) {
      if (perSecond <= 0) return new RateLimiter(null);
      const keyPrefix = `${prefix}:${name}`;
      const limits = budget(perSecond, burst);
      return new RateLimiter(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix,
          ...limits,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...limits }),
        }),
      );
    },
    ready(timeoutMs = 5_000) {
      if (client.status === "ready") return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (up: boolean) => {
          clearTimeout(timer);
          client.off("ready", onReady);
          resolve(up);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        client.once("ready", onReady);
      });
    },
    async close() {
      if (client.status === "ready") await client.quit();
      else client.disconnect();
    },
  };
}

/** Redis when `redisUrl` is configured (several processes), process memory otherwise. */
export function rateLimitStore(config: { redisUrl?: string | undefined }): RateLimitStore {
  return config.redisUrl ? redisRateLimits(config.redisUrl) : memoryRateLimits();
}
