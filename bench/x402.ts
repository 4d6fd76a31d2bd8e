/**
 * x402 paid requests against the embedded devnet (DEVNET_BLOCK_MS=0), the gateway as its own
 * process, the merchant's paywalled Hono app in this process (called through `app.fetch`, so the
 * figures are the paywall's work and the gateway's, not a socket's):
 *  1. overhead of a paid request on the merchant side: the 402 (requirements issued), the verify
 *     path before the handler runs (signature, terms, payer nonce and balances — no block waited
 *     for), and settle after it (claim, broadcast into the mempool, x402 intent recorded);
 *  2. paid requests per second, 8 payer accounts each paying back to back.
 * Payers are agents (`wrapFetchWithPayment`); their signing is outside the timed spans of part 1.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { ACCOUNTS } from "@spay/devnet";
import { paywall } from "@spay/sdk/server";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { Hono } from "hono";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const SAMPLES = Number(process.env.BENCH_X402_SAMPLES ?? 200);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_X402_SECONDS ?? 15);
const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const server = await startServerProcess({
  SPAY_WATCHER: "on",
  SPAY_DEVNET: "embedded",
  DEVNET_BLOCK_MS: "0",
  DEVNET_PORT: String(devnetPort),
});
const chainUrl = `http://127.0.0.1:${devnetPort}`;
const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
const RESOURCE = "http://api.bench.test/quote";

const spans = {
  challenge: [] as number[],
  verify: [] as number[],
  settle: [] as number[],
  total: [] as number[],
};
let paidPerSecond = 0;
let throughputPaid = 0;
try {
  const { sk } = await createMerchant(server.url);
  const pw = paywall({ price: "$0.001", apiKey: sk, gatewayUrl: server.url });
  const app = new Hono();
  app.get("/quote", pw, (c) => c.json({ quote: 42 }));
  const agentFor = (payer: (typeof payers)[number], fetchImpl: (request: Request) => Promise<Response>) =>
    wrapFetchWithPayment(fetchImpl, {
      privateKey: payer.privateKey,
      network: "testnet",
      stacksApiUrl: chainUrl,
      maxAmount: { usdc: 10_000n },
      fee: 2_000n,
    });

  // 1. Where a paid request's time goes: the agent's paid retry is answered by the paywall's
  //    gate (the verify path) and settle, timed apart (the handler itself is free).
  const timed = async (request: Request): Promise<Response> => {
    if (!request.headers.has("payment-signature")) {
      const t = performance.now();
      const first = await app.fetch(request);
      spans.challenge.push(performance.now() - t);
      return first;
    }
    const t = performance.now();
    const gate = await pw.gate(request);
    const verified = performance.now();
    if (gate.kind !== "paid") return gate.response;
    const outcome = await gate.settle();
    const done = performance.now();
    if (!outcome.ok) return outcome.response;
    spans.verify.push(verified - t);
    spans.settle.push(done - verified);
    spans.total.push(done - t);
    return new Response("{}", { headers: { [outcome.header[0]]: outcome.header[1] } });
  };
  const timedAgents = payers.map((p) => agentFor(p, timed));
  for (let i = 0; i < SAMPLES; i++) {
    const res = await (timedAgents[i % timedAgents.length] as typeof fetch)(RESOURCE);
    if (getPayment(res)?.status !== "paid") throw new Error(`payment refused: ${await res.text()}`);
  }

  // 2. Paid requests per second through the whole middleware, all payers at once.
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    payers.map(async (payer) => {
      const agent = agentFor(payer, async (request) => app.fetch(request));
      while (performance.now() < deadline) {
        const paid = await agent(RESOURCE);
        if (paid.status !== 200)
          throw new Error(`paid request answered ${paid.status}: ${await paid.text()}`);
        throughputPaid += 1;
      }
    }),
  );
  paidPerSecond = throughputPaid / ((performance.now() - started) / 1000);
} finally {
  await server.stop();
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  ).toFixed(1);
};
const row = (label: string, values: number[]) => `| ${label} | ${pct(values, 50)} | ${pct(values, 99)} |`;
const verifyP99 = Number(pct(spans.verify, 99));
const lines = [
  `x402 paid requests, $0.001 USDC, ${SAMPLES} sequential samples + ${THROUGHPUT_SECONDS} s with ${payers.length} payers, DEVNET_BLOCK_MS=0, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| merchant-side span | p50 ms | p99 ms |",
  "| --- | ---: | ---: |",
  row("402 with fresh requirements", spans.challenge),
  row("verify path (before the handler)", spans.verify),
  row("settle (after the handler, to mempool)", spans.settle),
  row("paid request total (verify + settle)", spans.total),
  "",
  "| figure | value | target | result |",
  "| --- | ---: | --- | --- |",
  `| verify-path overhead p99 | ${verifyP99} ms | ≤ 100 ms (ours) | ${verifyP99 <= 100 ? "pass" : "FAIL"} |`,
  `| paid requests per second (402 + paid retry each) | ${paidPerSecond.toFixed(1)} | reported | — |`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/x402.md", import.meta.url), `${lines.join("\n")}\n`);
