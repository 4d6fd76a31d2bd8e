import { ACCOUNTS } from "./accounts.ts";
import { DEFAULT_BLOCK_MS, DEFAULT_PORT } from "./config.ts";
import { startDevnet } from "./devnet.ts";
import { TOKENS } from "./tokens.ts";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a non-negative integer, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

function units(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

const devnet = await startDevnet({
  port: intFromEnv("DEVNET_PORT", DEFAULT_PORT),
  blockMs: intFromEnv("DEVNET_BLOCK_MS", DEFAULT_BLOCK_MS),
  host: process.env.DEVNET_HOST || undefined,
});

const lines = [
  `sPay devnet (Stacks testnet, ${devnet.network}) on the clarinet-sdk simnet — state is in memory`,
  `  API        ${devnet.url}   (Hiro paths: /v2/..., /extended/...; tokens and accounts: /devnet/info)`,
  `  blocks     ${devnet.blockMs === 0 ? "one as soon as a transaction is accepted" : `every ${devnet.blockMs} ms`}`,
  ...TOKENS.map((t) => `  ${t.symbol.padEnd(10)} ${t.assetId} (${t.decimals} decimals)`),
  "",
  "Funded test accounts (public keys of a dev chain: never use them elsewhere):",
  ...ACCOUNTS.flatMap((a) => [
    `  ${a.name.padEnd(9)} ${a.address}  ${units(a.funding.stx, 6)} STX, ${units(a.funding.sbtc, 8)} sBTC, ${units(a.funding.usdc, 6)} USDC`,
    `            private key ${a.privateKey}`,
  ]),
  "",
  `Faucet: curl -X POST '${devnet.url}/extended/v1/faucets/usdc?address=ST…'   (stx | sbtc | usdc)`,
];
console.log(lines.join("\n"));

devnet.chain.onBlock((block) => {
  if (block.txids.length > 0)
    console.log(`block ${block.height}: ${block.txids.length} tx (${block.txids.join(", ")})`);
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void devnet.stop().then(() => process.exit(0));
  });
}
