import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, loadConfig, SettingError } from "./config.ts";
import { portError, startServer } from "./server.ts";

type DevnetModule = typeof import("@spay/devnet");

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
 * The devnet is a development dependency, run from the workspace's TypeScript source through tsx
 * (also a development dependency): the built server loads it only when asked for.
 */
async function loadDevnet(): Promise<DevnetModule> {
  try {
    const { tsImport } = await import("tsx/esm/api");
    return (await tsImport("@spay/devnet", import.meta.url)) as DevnetModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new SettingError(
      "SPAY_DEVNET",
      "the embedded devnet is not installed (a development dependency) — set SPAY_DEVNET=off and SPAY_STACKS_API_URL to a Stacks node API",
    );
  }
}

/** SPAY_DEVNET=embedded (default) runs the local Stacks chain in this (primary) process. */
async function startEmbeddedDevnet() {
  if (config.devnet !== "embedded" || config.chain !== "devnet" || config.stacksApiUrl) return null;
  const { startDevnet } = await loadDevnet();
  return startDevnet({ port: config.devnetPort, blockMs: config.devnetBlockMs }).catch((error: unknown) => {
    throw portError(error, config.devnetPort, "DEVNET_PORT") ?? error;
  });
}

/** A front end's folder, or what to do when it holds no build. */
function frontEnd(dir: string, variable: string): string {
  return existsSync(path.join(dir, "index.html"))
    ? ""
    : `  (no build in ${dir}: build it or set ${variable})`;
}

function describeChain(devnet: Awaited<ReturnType<typeof startEmbeddedDevnet>>): string {
  if (!devnet) return `${config.chain} via ${config.stacksApiUrl ?? "Hiro"}`;
  const blocks = devnet.blockMs ? `a block every ${devnet.blockMs} ms` : "a block per transaction";
  return `${config.chain} (embedded devnet at ${devnet.url}, ${blocks})`;
}

function banner(url: string, devnet: Awaited<ReturnType<typeof startEmbeddedDevnet>>): string {
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
    let listening = 0;
    for (let i = 0; i < config.apiProcesses; i++) {
      const worker = cluster.fork({
        SPAY_WORKER_INDEX: String(i),
        ...(devnet ? { SPAY_STACKS_API_URL: devnet.url } : {}),
        SPAY_WATCHER: i === 0 ? config.watcher : "off",
      });
      worker.on("message", (message: unknown) => {
        if (message === "listening" && ++listening === config.apiProcesses)
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
    const server = await startServer(config);
    process.send?.("listening");
    onShutdown(() => server.close());
  } else {
    const devnet = await startEmbeddedDevnet();
    const server = await startServer(config, { devnetUrl: devnet?.url ?? null }).catch(async (error) => {
      await devnet?.stop();
      throw error;
    });
    console.log(banner(server.url, devnet));
    onShutdown(() => Promise.all([server.close(), devnet?.stop()]));
  }
} catch (error) {
  exitOnSettingError(error);
}
