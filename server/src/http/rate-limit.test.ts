import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { redisReachable, TEST_REDIS_URL } from "../../test/redis.ts";
import { ApiError } from "../domain/errors.ts";
import {
  memoryRateLimits,
  type RateLimiter,
  type RateLimitStore,
  rateLimitStore,
  redisRateLimits,
} from "./rate-limit.ts";

const REDIS_URL = TEST_REDIS_URL;
const onRedis = await redisReachable(REDIS_URL);

async function refusal(limiter: RateLimiter, key: string): Promise<ApiError> {
  const err = await limiter.take(key).then(
    () => expect.unreachable(`${key} should be limited`),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every store keeps the same rules; the Redis runs use a fresh key prefix so runs never collide. */
const stores: [string, () => RateLimitStore, boolean][] = [
  ["memory", memoryRateLimits, true],
  [
    "Redis",
    () => redisRateLimits(REDIS_URL, { prefix: `spay:test:${randomBytes(6).toString("hex")}` }),
    onRedis,
  ],
];

describe.each(stores)("rate limits in %s", (_name, open, available) => {
  const opened: RateLimitStore[] = [];
  const store = async () => {
    const s = open();
    opened.push(s);
    expect(await s.ready()).toBe(true);
    return s;
  };
  afterAll(async () => {
    for (const s of opened) await s.close();
  });

  it.skipIf(!available)(
    "allows a burst of two seconds' worth, then answers 429 with Retry-After",
    async () => {
      const limiter = (await store()).limiter("burst", 5);
      for (let i = 0; i < 10; i++) await limiter.take("k");
      const err = await refusal(limiter, "k");
      expect(err.status).toBe(429);
      expect(err.code).toBe("rate_limited");
      expect(Number(err.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
      expect(Number(err.headers["Retry-After"])).toBeLessThanOrEqual(2);
    },
  );

  it.skipIf(!available)("keeps callers and limiters apart, and refills once the window passes", async () => {
    const s = await store();
    const limiter = s.limiter("refill", 1, 1);
    await limiter.take("a");
    await refusal(limiter, "a");
    await limiter.take("b");
    await s.limiter("other", 1, 1).take("a");
    await sleep(1100);
    await limiter.take("a");
  });

  it.skipIf(!available)(
    "spends a per-minute budget at once (sign-in) and asks to wait out the minute",
    async () => {
      const limiter = (await store()).limiter("signin", 3 / 60, 3);
      for (let i = 0; i < 3; i++) await limiter.take("ip");
      const err = await refusal(limiter, "ip");
      expect(Number(err.headers["Retry-After"])).toBeGreaterThan(50);
    },
  );

  it.skipIf(!available)("is disabled at 0 requests per second", async () => {
    const limiter = (await store()).limiter("off", 0);
    for (let i = 0; i < 1000; i++) await limiter.take("k");
  });
});

describe.skipIf(!onRedis)("rate limits shared through Redis", () => {
  it("two stores (two processes' worth) on one prefix spend one budget", async () => {
    const prefix = `spay:test:${randomBytes(6).toString("hex")}`;
    const a = redisRateLimits(REDIS_URL, { prefix });
    const b = redisRateLimits(REDIS_URL, { prefix });
    try {
      expect([await a.ready(), await b.ready()]).toEqual([true, true]);
      const limiters = [a.limiter("key", 5), b.limiter("key", 5)];
      let accepted = 0;
      for (let i = 0; i < 30; i++) {
        await (limiters[i % 2] as RateLimiter).take("key:1").then(
          () => accepted++,
          () => undefined,
        );
      }
      expect(accepted).toBe(10);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("rate limits while Redis is unreachable", () => {
  it("fall back to the same budget in process memory and warn once", async () => {
    const warnings: string[] = [];
    const store = redisRateLimits("redis://127.0.0.1:1", { log: (m) => warnings.push(m) });
    try {
      const limiter = store.limiter("key", 2);
      for (let i = 0; i < 4; i++) await limiter.take("k");
      await refusal(limiter, "k");
      await sleep(300);
      expect(warnings.length).toBe(1);
      expect(warnings[0]).toMatch(/Redis unreachable/);
    } finally {
      await store.close();
    }
  });
});

describe("choosing the store", () => {
  it("keeps limits in memory unless a Redis URL is configured", async () => {
    expect(rateLimitStore({}).kind).toBe("memory");
    const redis = rateLimitStore({ redisUrl: "redis://127.0.0.1:1" });
    expect(redis.kind).toBe("redis");
    await redis.close();
  });
});
