import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { freePort } from "../../test/gateway.ts";
import { redisReachable, TEST_REDIS_URL } from "../../test/redis.ts";
import { loadConfig } from "../config.ts";
import { startServer } from "../server.ts";
import { REDIS_CONNECTION_NAME } from "./rate-limit.ts";

const REDIS_URL = TEST_REDIS_URL;
const onRedis = await redisReachable(REDIS_URL);

describe.skipIf(!onRedis)("a server with SPAY_REDIS_URL", () => {
  it("is connected to Redis for its rate limits once started, and disconnects on shutdown", async () => {
    const observer = new Redis(REDIS_URL);
    const name = `${REDIS_CONNECTION_NAME}-${process.pid}`;
    const connections = async () =>
      ((await observer.client("LIST")) as string)
        .split("\n")
        .filter((line) => line.includes(` name=${name} `)).length;
    const dataDir = await mkdtemp(path.join(tmpdir(), "spay-rl-"));
    try {
      const server = await startServer(
        loadConfig(
          {},
          {
            port: await freePort(),
            host: "127.0.0.1",
            dataDir,
            devnet: "off",
            stacksApiUrl: "http://127.0.0.1:9",
            fxSource: "fixed:100000",
            stxFxSource: "fixed:0.5",
            watcher: "off",
            redisUrl: REDIS_URL,
          },
        ),
      );
      expect(await connections()).toBe(1);
      await server.close();
      await new Promise((r) => setTimeout(r, 100));
      expect(await connections()).toBe(0);
    } finally {
      observer.disconnect();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
