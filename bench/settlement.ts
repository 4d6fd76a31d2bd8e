/**
 * Settlement latency: from the block that includes a transfer to the intent reading
 * `payment_settled`, over 50 real payments on the embedded devnet with DEVNET_BLOCK_MS=0 (a block
 * is mined as soon as a transaction is accepted, so "broadcast accepted" is the block time).
 * The server runs as its own process with its default watcher settings.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "@spay/server";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 50);
const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const server = await startServerProcess({
  SPAY_WATCHER: "on",
  SPAY_DEVNET: "embedded",
  DEVNET_BLOCK_MS: "0",
  DEVNET_PORT: String(devnetPort),
});
const chainUrl = `http://127.0.0.1:${devnetPort}`;
const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
const latencies: number[] = [];
try {
  const { sk } = await createMerchant(server.url);
  const headers = { authorization: `Bearer ${sk}`, "content-type": "application/json" };
  for (let i = 0; i < PAYMENTS; i++) {
    const intent = (await (
      await fetch(`${server.url}/v1/payment_intents`, {
        method: "POST",
        headers,
        body: JSON.stringify({ amount_minor: 500 + i }),
      })
    ).json()) as IntentForPayment;
    const payer = payers[i % payers.length]!;
    const tx = await buildIntentTransfer(intent, payer.privateKey, chainUrl);
    const { txid } = await broadcastIntentTransfer(tx, chainUrl);
    const minedAt = performance.now();
    await fetch(`${server.url}/v1/payment_intents/${intent.id}/submit`, {
      method: "POST",
      headers,
      body: JSON.stringify({ txid }),
    });
    for (;;) {
      const current = (await (
        await fetch(`${server.url}/v1/payment_intents/${intent.id}`, { headers })
      ).json()) as { status: string };
      if (current.status === "payment_settled") break;
      if (performance.now() - minedAt > 30_000)
        throw new Error(`${intent.id} did not settle in 30 s (${current.status})`);
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - minedAt);
  }
} finally {
  await server.stop();
}

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
const p95 = pct(95);
const lines = [
  `Settlement latency (block → payment_settled), ${PAYMENTS} payments, DEVNET_BLOCK_MS=0, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| payments | p50 ms | p95 ms | max ms | target | result |",
  "| ---: | ---: | ---: | ---: | --- | --- |",
  `| ${PAYMENTS} | ${pct(50)} | ${p95} | ${Math.round(sorted.at(-1) ?? 0)} | p95 ≤ 500 ms | ${p95 <= 500 ? "pass" : "FAIL"} |`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/settlement.md", import.meta.url), `${lines.join("\n")}\n`);
