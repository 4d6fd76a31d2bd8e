import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertNothingLost,
  type FaultStack,
  httpApi,
  type LoggedServer,
  onPostgres,
  PG_ONLY,
  sleep,
  spawnLoggedServer,
  startFaultStack,
  startLoad,
  waitUntil,
} from "../../test/fault-kit.ts";

/**
 * PostgreSQL restarted under load. The test runs its own PostgreSQL cluster (initdb + pg_ctl on a
 * random port, as the `postgres` OS user when run as root), puts the server process on it under
 * intent-creation and payment load, stops PostgreSQL hard (`-m immediate`, a crash from the
 * server's point of view) for 5 s and starts it again. While it is down the API answers 503
 * `database_unavailable` with Retry-After (never a 500, never a hang); afterwards the same server
 * process reconnects by itself; nothing it acknowledged is lost, and payments made on chain during
 * the outage settle once with their webhooks.
 */
const BIN = "/usr/local/bin";
const asRoot = process.getuid?.() === 0;
const tooling = (() => {
  if (!onPostgres) return `skipped: ${PG_ONLY}`;
  for (const tool of ["initdb", "pg_ctl", "postgres"])
    if (!existsSync(path.join(BIN, tool)))
      return `skipped: ${BIN}/${tool} is missing (PostgreSQL server binaries)`;
  if (asRoot && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser"))
    return "skipped: running as root and runuser is missing (PostgreSQL refuses to run as root)";
  return null;
})();

describe.skipIf(tooling !== null)(`PostgreSQL restarted under load (${tooling ?? "private cluster"})`, () => {
  let cluster: PrivateCluster;
  let stack: FaultStack;
  let server: LoggedServer | undefined;
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    // The stack's private database is created on this cluster instead of the shared server.
    const shared = process.env.SPAY_TEST_DATABASE_URL;
    process.env.SPAY_TEST_DATABASE_URL = cluster.url;
    try {
      stack = await startFaultStack();
    } finally {
      process.env.SPAY_TEST_DATABASE_URL = shared;
    }
  }, 90_000);
  afterAll(async () => {
    server?.crash();
    await stack?.close().catch(() => undefined);
    cluster?.destroy();
  });

  it("answers 503 database_unavailable while it is down, reconnects by itself, loses nothing", async () => {
    server = await spawnLoggedServer(stack.env({ SPAY_DB_POOL_SIZE: "5" }));
    const url = server.url;
    const api = httpApi(() => url);
    const load = startLoad({ url: () => url, devnet: stack.devnet, merchant: stack.merchant, payers: 1 });
    await sleep(3_000);
    const beforeOutage = load.stats.acknowledged.size;

    cluster.ctl("stop", "-m", "immediate");
    await sleep(1_500);
    const down = await api
      .request("GET", "/v1/payment_intents", { token: stack.merchant.sk })
      .catch((err) => {
        throw new Error(
          `the server process is gone (${err.cause?.code ?? err}):\n${server?.logs.slice(-30).join("\n")}`,
        );
      });
    expect(down.status, `${JSON.stringify(down.body)}\n${server.logs.slice(-20).join("\n")}`).toBe(503);
    expect(down.body.error).toMatchObject({ type: "api_error", code: "database_unavailable" });
    expect(down.headers.get("retry-after")).toBe("1");
    const health = await api.request("GET", "/health");
    expect(health.status).toBe(503);
    await sleep(3_500);

    cluster.ctl("start", "-w", "-t", "30");
    const restartedAt = Date.now();
    await waitUntil(async () => (await api.request("GET", "/health")).status === 200, 15_000, "reconnection");
    const reconnectMs = Date.now() - restartedAt;
    await sleep(3_000);
    const stats = await load.stop();

    expect(reconnectMs).toBeLessThan(15_000);
    expect(stats.acknowledged.size).toBeGreaterThan(beforeOutage + 10); // the same process took load again
    const refusals = [...stats.refusals.keys()];
    expect(refusals, "while down: only 503 database_unavailable (or a cut connection)").toEqual(
      expect.arrayContaining(["503:database_unavailable"]),
    );
    expect(refusals.filter((r) => r !== "503:database_unavailable" && r !== "network")).toEqual([]);
    expect(server.logs.filter((l) => /internal_error|Unhandled|uncaught/i.test(l))).toEqual([]);
    await assertNothingLost(stack, stats);
    await server.stop();
  }, 120_000);
});

interface PrivateCluster {
  url: string;
  ctl(...args: string[]): void;
  destroy(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "spay-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : path.join(BIN, tool);
    const argv = asRoot ? ["-u", "postgres", "--", path.join(BIN, tool), ...args] : args;
    execFileSync(command, argv, { stdio: "pipe", timeout: 60_000 });
  };
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const ctl = (...args: string[]) =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ...args,
    ]);
  ctl("start", "-w", "-t", "30");
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.end();
  return {
    url,
    ctl,
    destroy() {
      try {
        ctl("stop", "-m", "immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
