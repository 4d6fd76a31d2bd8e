/**
 * bench/RESULTS.md: the machine, the date, and every benchmark's table (each written to
 * bench/results/ by its own script, with its targets and pass/fail), in one file.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

const SECTIONS: [string, string][] = [
  ["payment-intents.md", "Payment-intent throughput (POST /v1/payment_intents)"],
  [
    "hot-path.md",
    "The hot path against its floor (POST /v1/payment_intents, gateway ÷ bench/floor-server.ts)",
  ],
  ["settlement.md", "Settlement latency"],
  [
    "discovery.md",
    "Settlement discovery at scale (10,001 merchants: chain calls per block, before and after)",
  ],
  ["streams.md", "Live streams (1,000 open intent streams: idle cost, settlement fan-out)"],
  ["webhooks.md", "Webhook throughput and delay"],
  ["scale-out.md", "Scale-out (2 API + 2 worker processes on one PostgreSQL)"],
  ["x402.md", "x402 paid requests"],
  ["x402-pairings.md", "x402 per pairing"],
  ["sdk-sizes.md", "SDK bundle sizes"],
  ["pages.md", "Page weights and time to first render"],
  [
    "lighthouse.md",
    "Lighthouse (landing, docs, blog post, payment link, hosted checkout: each category ≥ 95)",
  ],
  ["start-time.md", "Start time (pnpm start to a healthy /health)"],
  ["idle.md", "Idle cost (CPU and memory at rest)"],
  ["exports.md", "Data exports (100,000 payments: build time and the export's memory)"],
  [
    "journey.md",
    "The 5-minute journey (`pnpm --filter @spay/bench journey`, run apart: it clones and installs)",
  ],
];

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const lines = [
  "# Benchmark results",
  "",
  `Written by \`pnpm bench\` on ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC.`,
  "",
  `Machine: ${os.cpus().length} cores (${cpu.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}.`,
  "Benchmarks print tables and check their targets here, never in timed tests; `FAIL` marks a target not met.",
  "",
];
for (const [file, title] of SECTIONS) {
  const url = new URL(`./results/${file}`, import.meta.url);
  lines.push(`## ${title}`, "");
  lines.push(existsSync(url) ? readFileSync(url, "utf8").trim() : "_not run_", "");
}
writeFileSync(new URL("./RESULTS.md", import.meta.url), lines.join("\n"));
console.log(`bench/RESULTS.md written (${SECTIONS.length} sections)`);
