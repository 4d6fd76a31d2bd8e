import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

const config = loadConfig();

/** SPAY_DEVNET=embedded (default) runs the local Stacks chain in this (primary) process. */
async function startEmbeddedDevnet() {
  if (config.devnet !== "embedded" || config.chain !== "devnet" || config.stacksApiUrl) return null;
  const { startDevnet } = await import("@spay/devnet");
  return startDevnet({ port: config.devnetPort, blockMs: config.devnetBlockMs });
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
    `  Dashboard      ${url}/`,
    `  Docs           ${url}/docs`,
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
  cluster.on("exit", (worker, code) => {
    if (code !== 0) console.error(`API process ${worker.process.pid} exited with ${code}`);
  });
  onShutdown(async () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    await devnet?.stop();
  });
} else if (cluster.isWorker) {
  const server = await startServer(config);
  process.send?.("listening");
  onShutdown(() => server.close());
} else {
  const devnet = await startEmbeddedDevnet();
  const server = await startServer(config, { devnetUrl: devnet?.url ?? null });
  console.log(banner(server.url, devnet));
  onShutdown(() => Promise.all([server.close(), devnet?.stop()]));
}
