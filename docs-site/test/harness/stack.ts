import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "@spay/devnet";
import { type Config, loadConfig, startServer } from "@spay/server";

/** The BTC price the test server quotes. */
export const TEST_USD_PER_BTC = 100_000;

export interface TestStack {
  apiUrl: string;
  devnetUrl: string | null;
  close(): Promise<void>;
}

/**
 * The gateway on a fresh embedded database, on its own devnet when `devnet` (blocks per
 * transaction, so payments settle in well under a second). `overrides` adjusts the config
 * (e.g. `docsDir`).
 */
export async function startStack(
  options: { devnet?: boolean; overrides?: Partial<Config> } = {},
): Promise<TestStack> {
  const devnet = options.devnet ? await startDevnet({ port: 0, blockMs: 0 }) : null;
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-docs-test-"));
  const server = await startServer(
    loadConfig(
      {},
      {
        port: 0,
        host: "127.0.0.1",
        dataDir,
        devnet: "off",
        watcher: devnet ? "on" : "off",
        ...(devnet ? { stacksApiUrl: devnet.url } : {}),
        fxSource: `fixed:${TEST_USD_PER_BTC}`,
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        walletChallengesPerMinute: 0,
        scryptLog2N: 10,
        ...options.overrides,
      },
    ),
    { devnetUrl: devnet?.url ?? null },
  );
  return {
    apiUrl: server.url,
    devnetUrl: devnet?.url ?? null,
    async close() {
      await server.close();
      await devnet?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
