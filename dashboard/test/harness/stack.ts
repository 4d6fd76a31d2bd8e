import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "@spay/devnet";
import { type Config, loadConfig, type RunningServer, startServer } from "@spay/server";
import { serveDashboard } from "./dashboard-server.ts";

/** One devnet, the gateway (with its settlement watcher) and the built dashboard: one per test file. */
export interface TestStack {
  /** The dashboard's origin; the API answers on the same origin. */
  url: string;
  apiUrl: string;
  devnetUrl: string;
  /** The gateway's database and config, for tests that seed rows directly (10,000 payments). */
  deps: RunningServer["deps"];
  close(): Promise<void>;
}

/** `overrides` change the gateway's settings (e.g. `{ smtpUrl }`: receipts sent to a local SMTP server). */
export async function startStack(overrides: Partial<Config> = {}): Promise<TestStack> {
  const dashboard = await serveDashboard();
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-dashboard-"));
  const server = await startServer(
    loadConfig(
      {},
      {
        port: 0,
        host: "127.0.0.1",
        dataDir,
        devnet: "off",
        stacksApiUrl: devnet.url,
        fxSource: "fixed:100000",
        publicUrl: dashboard.url,
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        walletChallengesPerMinute: 0,
        scryptLog2N: 10,
        watchIntervalMs: 100,
        ...overrides,
      },
    ),
    { devnetUrl: devnet.url },
  );
  dashboard.setApi(server.url);
  return {
    url: dashboard.url,
    apiUrl: server.url,
    devnetUrl: devnet.url,
    deps: server.deps,
    async close() {
      await dashboard.close();
      await server.close();
      await devnet.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
