/**
 * Scale-out: 2 API processes (SPAY_WATCHER=off) and 2 worker processes (settlement watcher and
 * webhook worker; no API traffic sent to them) on one PostgreSQL database, rate limits shared in
 * Redis (SPAY_REDIS_URL), one external devnet (DEVNET_BLOCK_MS=200). Load:
 *
 * 1. intents: autocannon against both API processes at once for BENCH_DURATION seconds (each intent
 *    appends a `payment_intent.created` event, delivered by the workers to a local receiver);
 * 2. settlement: BENCH_PAYMENTS intents created through the two API processes in turn and paid on the
 *    devnet by its funded wallets (one lane per wallet), each followed until `payment_settled`.
 *
 * Then the database is checked: each txid counted once, each intent paid its amount (not twice),
 * one `payment_settled` transition and one `payment_intent.succeeded` event per intent, one
 * delivery per endpoint and event, one attempt per (delivery, attempt number), and every webhook
 * arrived at the receiver once. Prints a table; writes bench/results/scale-out.md.
 *
 *   pnpm --filter @spay/bench exec tsx scale-out.ts
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "@spay/server";
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase } from "./lib/fresh-database.ts";
import { createMerchant } from "./lib/merchant.ts";
import { sleep, startDevnetProcess, waitHealthy } from "./lib/process-group.ts";
import { startReceiver } from "./lib/receiver.ts";
import { type ServerProcess, startServerProcess } from "./lib/server-process.ts";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 300);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 200);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const LOG_DIR = mkdtempSync(path.join(os.tmpdir(), "spay-scale-out-"));

const databaseUrl = await freshDatabase("spay_bench_scale_out");
const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const chainUrl = `http://127.0.0.1:${devnetPort}`;
const devnet = startDevnetProcess(devnetPort, path.join(LOG_DIR, "devnet.log"), {
  DEVNET_BLOCK_MS: String(BLOCK_MS),
});
const receiver = await startReceiver();
const processes: ServerProcess[] = [];

const common = {
  DATABASE_URL: databaseUrl,
  SPAY_REDIS_URL: REDIS_URL,
  SPAY_STACKS_API_URL: chainUrl,
  SPAY_DEVNET: "off",
  // Limits on (so every request goes through Redis), far above this load.
  SPAY_RATE_LIMIT_KEY_RPS: "1000000",
  SPAY_RATE_LIMIT_IP_RPS: "1000000",
};

interface Figures {
  intentsPerSecond: number;
  intentP50: number;
  intentP99: number;
  intentErrors: number;
  intentsCreated: number;
  settleP50: number;
  settleP95: number;
  settleMax: number;
  paymentsPerSecond: number;
  webhooks: number;
  /** The machine's 1-minute load average at the start and the end of the load. */
  load: [number, number];
  checks: [string, number][];
}

const pct = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

async function run(): Promise<Figures> {
  await waitHealthy(devnet, `${chainUrl}/v2/info`);
  // The first process migrates the database; the other three start together.
  const api1 = await startServerProcess({ ...common, SPAY_WATCHER: "off" });
  processes.push(api1);
  const [api2, worker1, worker2] = await Promise.all([
    startServerProcess({ ...common, SPAY_WATCHER: "off" }),
    startServerProcess({ ...common, SPAY_WATCHER: "on" }),
    startServerProcess({ ...common, SPAY_WATCHER: "on" }),
  ]);
  processes.push(api2, worker1, worker2);
  const apis = [api1, api2] as const;

  const { sk, workspaceId } = await createMerchant(api1.url);
  const headers = { authorization: `Bearer ${sk}`, "content-type": "application/json" };
  const endpoint = await fetch(`${api2.url}/v1/webhook_endpoints`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: `${receiver.url}/hooks` }),
  });
  if (!endpoint.ok) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);

  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  // 1. Intents through both API processes at once.
  const cannon = (url: string, duration: number) =>
    autocannon({
      url: `${url}/v1/payment_intents`,
      method: "POST",
      headers,
      body: JSON.stringify({ amount_minor: 1999, metadata: { order: "scale-out" } }),
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { ...req.headers, "idempotency-key": randomUUID() },
          }),
        },
      ],
    });
  await Promise.all(apis.map((a) => cannon(a.url, 2))); // warm-up
  const loads = await Promise.all(apis.map((a) => cannon(a.url, DURATION_S)));
  const intentsCreated = loads.reduce((s, r) => s + r.requests.total - r.non2xx - r.errors, 0);

  // 2. Payments: one lane per funded wallet, each paying its next intent once the last settled.
  const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
  const latencies: number[] = [];
  let next = 0;
  const paidIntents: string[] = [];
  const paymentsStarted = performance.now();
  await Promise.all(
    payers.map(async (payer) => {
      for (let i = next++; i < PAYMENTS; i = next++) {
        const api = apis[i % 2] as ServerProcess;
        const created = await fetch(`${api.url}/v1/payment_intents`, {
          method: "POST",
          headers,
          body: JSON.stringify({ amount_minor: 500 + i }),
        });
        if (!created.ok) throw new Error(`create intent: ${created.status} ${await created.text()}`);
        const intent = (await created.json()) as IntentForPayment;
        const tx = await buildIntentTransfer(intent, payer.privateKey, chainUrl);
        const { txid } = await broadcastIntentTransfer(tx, chainUrl);
        const broadcastAt = performance.now();
        paidIntents.push(intent.id);
        // Reported through the other API process than the one that created it.
        await fetch(`${(apis[(i + 1) % 2] as ServerProcess).url}/v1/payment_intents/${intent.id}/submit`, {
          method: "POST",
          headers,
          body: JSON.stringify({ txid }),
        });
        for (;;) {
          const current = (await (
            await fetch(`${api.url}/v1/payment_intents/${intent.id}`, { headers })
          ).json()) as { status: string };
          if (current.status === "payment_settled") break;
          if (performance.now() - broadcastAt > 60_000)
            throw new Error(`${intent.id} did not settle in 60 s (${current.status})`);
          await sleep(10);
        }
        latencies.push(performance.now() - broadcastAt);
      }
    }),
  );
  const paymentSeconds = (performance.now() - paymentsStarted) / 1000;

  // Let the workers drain the outbox, then check the database.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const pendingQuery = `select (select count(*) from events where not fanned_out)
        + (select count(*) from webhook_deliveries where state = 'pending') as n`;
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(250)) {
      const { rows } = await db.query<{ n: string }>(pendingQuery);
      if (Number(rows[0]?.n) === 0) break;
    }
    await sleep(1_000); // anything sent twice would have arrived by now
    const one = async (sql: string, params: unknown[] = []) =>
      Number((await db.query<{ n: string }>(sql, params)).rows[0]?.n ?? Number.NaN);
    const checks: [string, number][] = [
      [
        "intents paid, not payment_settled",
        await one(
          "select count(*) as n from payment_intents where id = any($1) and status <> 'payment_settled'",
          [paidIntents],
        ),
      ],
      [
        "txids counted more than once",
        await one(
          "select count(*) as n from (select txid from payment_transfers where state = 'counted' group by txid having count(*) > 1) t",
        ),
      ],
      [
        "intents with more than one counted transfer",
        await one(
          "select count(*) as n from (select payment_intent_id from payment_transfers where state = 'counted' group by payment_intent_id having count(*) > 1) t",
        ),
      ],
      [
        "intents whose amount_received ≠ amount_asset",
        await one(
          "select count(*) as n from payment_intents where id = any($1) and amount_received::numeric <> amount_asset::numeric",
          [paidIntents],
        ),
      ],
      [
        "intents with ≠ 1 payment_settled transition",
        await one(
          `select count(*) as n from unnest($1::text[]) as i(id)
           where (select count(*) from payment_events e where e.payment_intent_id = i.id and e.to_status = 'payment_settled') <> 1`,
          [paidIntents],
        ),
      ],
      [
        "intents with ≠ 1 payment_intent.succeeded event",
        await one(
          `select count(*) as n from unnest($1::text[]) as i(id)
           where (select count(*) from events e where e.workspace_id = $2 and e.type = 'payment_intent.succeeded'
                  and e.data->'object'->>'id' = i.id) <> 1`,
          [paidIntents, workspaceId],
        ),
      ],
      [
        "(endpoint, event) with more than one delivery",
        await one(
          "select count(*) as n from (select 1 from webhook_deliveries where not manual group by endpoint_id, event_id having count(*) > 1) t",
        ),
      ],
      [
        "(delivery, attempt) sent more than once",
        await one(
          "select count(*) as n from (select 1 from webhook_attempts group by delivery_id, attempt having count(*) > 1) t",
        ),
      ],
      [
        "events without a delivery",
        await one(
          "select count(*) as n from events e where e.type like 'payment_intent.%' and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)",
        ),
      ],
      ["webhooks that arrived more than once", [...receiver.counts.values()].filter((n) => n > 1).length],
    ];
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      intentsPerSecond: Math.round(loads.reduce((s, r) => s + r.requests.average, 0)),
      intentP50: Math.max(...loads.map((r) => r.latency.p50)),
      intentP99: Math.max(...loads.map((r) => r.latency.p99)),
      intentErrors: loads.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
      intentsCreated,
      settleP50: pct(sorted, 50),
      settleP95: pct(sorted, 95),
      settleMax: Math.round(sorted.at(-1) ?? Number.NaN),
      paymentsPerSecond: Math.round((PAYMENTS / paymentSeconds) * 10) / 10,
      webhooks: receiver.counts.size,
      load: [loadAtStart, os.loadavg()[0] ?? Number.NaN],
      checks,
    };
  } finally {
    await db.end();
  }
}

let figures: Figures;
try {
  figures = await run();
} finally {
  await Promise.all([...processes.map((p) => p.stop()), devnet.stop(), receiver.close()]);
}

const clean = figures.checks.every(([, n]) => n === 0);
const lines = [
  `Scale-out — 2 API processes (SPAY_WATCHER=off) + 2 worker processes (watcher, webhooks) on one PostgreSQL, rate limits in Redis, one devnet (DEVNET_BLOCK_MS=${BLOCK_MS}), ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| measure | value |",
  "| --- | ---: |",
  `| intents/s, both API processes, ${CONNECTIONS} connections each, ${DURATION_S} s | ${figures.intentsPerSecond} |`,
  `| intent latency p50 / p99 (slower process) | ${figures.intentP50} / ${figures.intentP99} ms |`,
  `| intents created / errors and non-2xx | ${figures.intentsCreated} / ${figures.intentErrors} |`,
  `| payments (${PAYMENTS}, ${ACCOUNTS.filter((a) => a.name.startsWith("wallet_")).length} wallets in parallel) per second | ${figures.paymentsPerSecond} |`,
  `| broadcast → payment_settled p50 / p95 / max | ${figures.settleP50} / ${figures.settleP95} / ${figures.settleMax} ms |`,
  `| webhooks received (distinct events) | ${figures.webhooks} |`,
  `| machine load average (1 min) at start / end | ${figures.load.map((l) => l.toFixed(1)).join(" / ")} |`,
  "",
  "Nothing settled or sent twice (checked in the database and at the receiver; each must be 0):",
  "",
  "| check | count |",
  "| --- | ---: |",
  ...figures.checks.map(([name, n]) => `| ${name} | ${n} |`),
  "",
  `Result: ${clean ? "pass — nothing settled twice, no delivery duplicated" : "FAIL"}.`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/scale-out.md", import.meta.url), `${lines.join("\n")}\n`);
