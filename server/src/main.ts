import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, loadConfig, SettingError } from "./config.ts";
import { embeddedPushSecret, registerEmbeddedPush } from "./embedded-devnet/push.ts";
import { DevnetStartError, type EmbeddedDevnet, startDevnetProcess } from "./embedded-devnet/start.ts";
import { portError } from "./http/port-error.ts";

/**
 * A setting to change (bad value, port taken, devnet missing) ends the process with one line naming
 * the variable; anything else is a bug and keeps its stack trace.
 */
function exitOnSettingError(error: unknown): never {
  if (!(error instanceof SettingError)) throw error;
  console.error(`sPay: ${error.message}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  exitOnSettingError(error);
}

/**
 * The gateway's modules (a second of loading: Hono, Kysely, PGlite, zxcvbn's dictionaries) load
 * after the devnet's thread has started, so the two overlap.
 */
const loadGateway = () => import("./server.ts");

/**
 * SPAY_DEVNET=embedded (default) runs the local Stacks chain in a process of its own, started by this (primary)
 * process. The devnet is a development dependency, loaded from the workspace's TypeScript source
 * through tsx (also a development dependency) only when asked for.
 */
async function startEmbeddedDevnet(): Promise<EmbeddedDevnet | null> {
  if (config.devnet !== "embedded" || config.chain !== "devnet" || config.stacksApiUrl) return null;
  return startDevnetProcess({ port: config.devnetPort, blockMs: config.devnetBlockMs }).catch(
    (error: unknown) => {
      if (error instanceof DevnetStartError && error.missing)
        throw new SettingError(
          "SPAY_DEVNET",
          "the embedded devnet is not installed (a development dependency) — set SPAY_DEVNET=off and SPAY_STACKS_API_URL to a Stacks node API",
        );
      throw portError(error, config.devnetPort, "DEVNET_PORT") ?? error;
    },
  );
}

/** A front end's folder, or what to do when it holds no build. */
function frontEnd(dir: string, variable: string): string {
  return existsSync(path.join(dir, "index.html"))
    ? ""
    : `  (no build in ${dir}: build it or set ${variable})`;
}

function describeChain(devnet: EmbeddedDevnet | null): string {
  if (!devnet) return `${config.chain} via ${config.stacksApiUrl ?? "Hiro"}`;
  const blocks = devnet.blockMs ? `a block every ${devnet.blockMs} ms` : "a block per transaction";
  return `${config.chain} (embedded devnet at ${devnet.url}, ${blocks}, pushed to the gateway as Chainhooks)`;
}

function banner(url: string, devnet: EmbeddedDevnet | null): string {
  const storage = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host})`
    : `PGlite in ${config.dataDir}`;
  const lines = [
    "",
    "  sPay is running",
    `  Dashboard      ${url}/${frontEnd(config.dashboardDir, "SPAY_DASHBOARD_DIR")}`,
    `  Docs           ${url}/docs${frontEnd(config.docsDir, "SPAY_DOCS_DIR")}`,
    `  API            ${url}/v1`,
    `  OpenAPI        ${url}/v1/openapi.json`,
    `  Health         ${url}/health`,
    `  Storage        ${storage}${config.apiProcesses > 1 ? `, ${config.apiProcesses} API processes` : ""}`,
    `  Rate limits    ${config.redisUrl ? "shared in Redis" : config.apiProcesses > 1 ? `per process (×${config.apiProcesses}: set SPAY_REDIS_URL)` : "in memory"}`,
    `  Chain          ${describeChain(devnet)}`,
  ];
  if (devnet) {
    lines.push("", "  Funded devnet accounts (STX, sBTC, USDC — test keys, public knowledge):");
    for (const account of devnet.accounts.slice(0, 4))
      lines.push(`    ${account.name.padEnd(9)} ${account.address}  ${account.privateKey}`);
    lines.push(
      "",
      "  Pay a test intent from the command line (signs a real SIP-010 transfer with wallet_1):",
      "    npx -y pnpm@9 spay pay <payment intent id> --key <sk_test_… or pk_test_…>",
    );
  }
  return `${lines.join("\n")}\n`;
}

function onShutdown(stop: () => Promise<unknown>): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

try {
  if (config.apiProcesses > 1 && cluster.isPrimary) {
    // Primary: owns the devnet, forks the HTTP processes (they share the port); worker 1 watches the chain.
    const devnet = await startEmbeddedDevnet();
    const pushSecret = devnet ? embeddedPushSecret(config.chainhooksSecret) : null;
    let listening = 0;
    for (let i = 0; i < config.apiProcesses; i++) {
      const worker = cluster.fork({
        SPAY_WORKER_INDEX: String(i),
        ...(devnet ? { SPAY_STACKS_API_URL: devnet.url } : {}),
        ...(pushSecret ? { SPAY_CHAINHOOKS_SECRET: pushSecret } : {}),
        SPAY_WATCHER: i === 0 ? config.watcher : "off",
      });
      worker.on("message", async (message: unknown) => {
        if (message !== "listening" || ++listening !== config.apiProcesses) return;
        if (devnet && pushSecret)
          await registerEmbeddedPush(devnet.url, { host: config.host, port: config.port }, pushSecret);
        console.log(banner(config.publicUrl, devnet));
      });
    }
    const stop = async () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
      await devnet?.stop();
    };
    cluster.on("exit", (worker, code) => {
      if (code === 0) return;
      // A process that could not start has said why (a setting to change): the others stop too.
      if (listening < config.apiProcesses) void stop().finally(() => process.exit(code));
      else console.error(`API process ${worker.process.pid} exited with ${code}`);
    });
    onShutdown(stop);
  } else if (cluster.isWorker) {
    const { startServer } = await loadGateway();
    const server = await startServer(config);
    process.send?.("listening");
    onShutdown(() => server.close());
  } else {
    // The devnet (its own thread) and the database start side by side; the API listens once both have.
    // Settled as soon as it starts: a devnet that fails while the gateway's modules load is
    // reported below, not as an unhandled rejection.
    const devnetStarting = Promise.allSettled([startEmbeddedDevnet()]);
    const { openMigratedDatabase, startServer } = await loadGateway();
    const [[devnet], [database]] = await Promise.all([
      devnetStarting,
      Promise.allSettled([openMigratedDatabase(config)]),
    ]);
    if (devnet.status === "rejected" || database.status === "rejected") {
      if (devnet.status === "fulfilled") await devnet.value?.stop();
      if (database.status === "fulfilled") await database.value.close();
      throw devnet.status === "rejected" ? devnet.reason : (database as PromiseRejectedResult).reason;
    }
    const pushSecret = devnet.value ? embeddedPushSecret(config.chainhooksSecret) : null;
    const server = await startServer(pushSecret ? { ...config, chainhooksSecret: pushSecret } : config, {
      devnetUrl: devnet.value?.url ?? null,
      database: database.value,
    }).catch(async (error) => {
      await devnet.value?.stop();
      throw error;
    });
    if (devnet.value && pushSecret)
      await registerEmbeddedPush(devnet.value.url, { host: config.host, port: server.port }, pushSecret);
    console.log(banner(server.url, devnet.value));
    onShutdown(() => Promise.all([server.close(), devnet.value?.stop()]));
  }
} catch (error) {
  exitOnSettingError(error);
}
