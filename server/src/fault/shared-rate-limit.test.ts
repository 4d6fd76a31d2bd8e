import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, PG_ONLY } from "../../test/fault-kit.ts";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { redisReachable, TEST_REDIS_URL } from "../../test/redis.ts";
import { type ServerProcess, spawnServer } from "../../test/server-process.ts";

const REDIS_URL = TEST_REDIS_URL;
const onRedis = await redisReachable(REDIS_URL);
const RPS = 5;
/** One key's budget: a burst of two seconds' worth. */
const BUDGET = RPS * 2;
const REQUESTS = 30;

/**
 * One API key's requests, alternating between two API processes on one database, all sent at once
 * (well inside one budget window). Returns how many each process accepted; everything else must be
 * a 429 `rate_limited` with Retry-After.
 */
async function spendAcross(processes: ServerProcess[], key: string): Promise<number> {
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      fetch(`${(processes[i % processes.length] as ServerProcess).url}/v1/payment_intents`, {
        headers: { authorization: `Bearer ${key}` },
      }),
    ),
  );
  expect(Date.now() - started, "all requests inside one two-second window").toBeLessThan(1_500);
  let accepted = 0;
  for (const answer of answers) {
    if (answer.status === 200) accepted++;
    else {
      expect(answer.status).toBe(429);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  }
  return accepted;
}

/**
 * Rate limits behind several API processes: with SPAY_REDIS_URL the processes spend from one budget
 * per API key; without it each keeps its own, so a merchant gets N times the limit.
 */
describe.skipIf(!onPostgres || !onRedis)(
  `per-key rate limit across two API processes (${
    !onPostgres
      ? `skipped: ${PG_ONLY}`
      : !onRedis
        ? `skipped: no Redis at ${REDIS_URL}`
        : "PostgreSQL + Redis"
  })`,
  () => {
    let api: TestApi;
    let merchant: Merchant;
    const processes: ServerProcess[] = [];
    const env = (extra: Record<string, string> = {}) => {
      if (!api.databaseUrl) throw new Error("needs SPAY_TEST_DB=postgres");
      return {
        DATABASE_URL: api.databaseUrl,
        SPAY_WATCHER: "off",
        SPAY_RATE_LIMIT_KEY_RPS: String(RPS),
        ...extra,
      };
    };
    beforeAll(async () => {
      api = await startTestApi();
      merchant = await setupMerchant(api);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await api?.close();
    });

    it("with SPAY_REDIS_URL the two processes together accept one key's budget, not twice it", async () => {
      const pair = await Promise.all([
        spawnServer(env({ SPAY_REDIS_URL: REDIS_URL })),
        spawnServer(env({ SPAY_REDIS_URL: REDIS_URL })),
      ]);
      processes.push(...pair);
      expect(await spendAcross(pair, merchant.sk)).toBe(BUDGET);
    }, 90_000);

    it("without Redis each process keeps its own budget: the key gets twice the limit", async () => {
      const pair = await Promise.all([spawnServer(env()), spawnServer(env())]);
      processes.push(...pair);
      expect(await spendAcross(pair, merchant.sk)).toBe(2 * BUDGET);
    }, 90_000);
  },
);
