import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "@spay/devnet";
import { type Config, loadConfig, type RunningServer, startServer } from "@spay/server";
import { adminQuery } from "@spay/server/testing";
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

/**
 * A private database on the PostgreSQL server named by DATABASE_URL (as CI runs), dropped at close;
 * null without one: the gateway then keeps its data in embedded PGlite, as `pnpm start` does.
 * These tests are about the screens, not the engine (the server's suite covers both): on
 * PostgreSQL the pages over 10,000 seeded payments answer in a fraction of PGlite's time.
 */
async function privateDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.DATABASE_URL;
  if (!server) return null;
  const name = `spay_dashboard_${randomBytes(6).toString("hex")}`;
  await adminQuery(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}

/**
 * `overrides` change the gateway's settings (e.g. `{ smtpUrl }`: receipts sent to a local SMTP
 * server). `hostname: "localhost"` serves the dashboard as http://localhost:PORT: passkeys need a
 * domain for their relying party (an IP address cannot be one), and the gateway's public URL follows.
 */
export async function startStack(
  overrides: Partial<Config> = {},
  { hostname }: { hostname?: "localhost" } = {},
): Promise<TestStack> {
  const dashboard = await serveDashboard(hostname);
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-dashboard-"));
  const database = await privateDatabase();
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
        ...(database ? { databaseUrl: database.url } : {}),
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
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
