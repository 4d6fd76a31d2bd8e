import { loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

const config = loadConfig();

/** SPAY_DEVNET=embedded (default) runs the local Stacks chain in this process. */
async function startEmbeddedDevnet() {
  if (config.devnet !== "embedded" || config.chain !== "devnet" || config.stacksApiUrl) return null;
  const { startDevnet } = await import("@spay/devnet");
  return startDevnet({ port: config.devnetPort, blockMs: config.devnetBlockMs });
}

const devnet = await startEmbeddedDevnet();
const server = await startServer(config, { devnetUrl: devnet?.url ?? null });
const storage = config.databaseUrl
  ? `PostgreSQL (${new URL(config.databaseUrl).host})`
  : `PGlite in ${config.dataDir}`;
const lines = [
  "",
  "  sPay is running",
  `  API            ${server.url}/v1`,
  `  OpenAPI        ${server.url}/v1/openapi.json`,
  `  Health         ${server.url}/health`,
  `  Storage        ${storage}`,
  `  Chain          ${config.chain}${devnet ? ` (embedded devnet at ${devnet.url}, a block every ${devnet.blockMs || "transaction"}${devnet.blockMs ? " ms" : ""})` : ` via ${config.stacksApiUrl ?? "Hiro"}`}`,
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
console.log(`${lines.join("\n")}\n`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    Promise.all([server.close(), devnet?.stop()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
