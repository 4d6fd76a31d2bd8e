/**
 * Live streams (GET /v1/payment_intents/{id}/stream, SSE) on PostgreSQL: what 1,000 idle open
 * streams cost the database and the gateway's memory, and how fast one settlement reaches them all.
 * The gateway runs as its own process on a fresh `spay_bench_streams` database with the embedded
 * devnet (DEVNET_BLOCK_MS=0) and its watcher on.
 *
 *   1. Baseline: no stream open, idle BENCH_STREAMS_BASELINE_SECONDS (default 10).
 *   2. 1,000 intents × 1 stream each, idle BENCH_STREAMS_IDLE_SECONDS (default 30).
 *   3. 1 intent × 1,000 streams (1,000 checkout tabs on one intent), idle as long; then that intent
 *      is paid on the devnet for real and every stream's time to receive `payment_settled` is taken.
 *
 * Database work is read from PostgreSQL itself: the delta of `xact_commit + xact_rollback` in
 * `pg_stat_database` for the gateway's database (pg_stat_statements is not installed here), i.e.
 * transactions per second — each autocommit statement is one. The bench's own reads go through a
 * connection to another database, so they are not counted. Memory is the gateway process's VmRSS.
 *
 *   pnpm --filter @spay/bench exec tsx streams.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "@spay/server";
import { createParser } from "eventsource-parser";
import pg from "pg";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const IDLE_S = Number(process.env.BENCH_STREAMS_IDLE_SECONDS ?? 30);
const BASELINE_S = Number(process.env.BENCH_STREAMS_BASELINE_SECONDS ?? 10);
/** Requests (intent creations, stream opens) in flight at once from this client. */
const CLIENT_CONCURRENCY = Number(process.env.BENCH_STREAMS_CONCURRENCY ?? 50);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DATABASE = "spay_bench_streams";
/** The polling design's measured figure (100 idle streams: 396.7–397.8 queries/s), not re-measured. */
const POLLING_QPS_PER_STREAM = 3.97;
/** "Target ≈ 0": below a tenth of a query a second per idle stream (the safety re-read is 1/30). */
const IDLE_TARGET_PER_STREAM = 0.1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Runs `work` at most `limit` at a time over `items`. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
    }),
  );
  return results;
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

/** One open SSE stream: the statuses it has received and when it first saw each. */
interface OpenStream {
  receivedAt: Map<string, number>;
  close(): void;
}

/**
 * Opens one stream as a browser tab would hold it, with node:http (a socket and its `data` events):
 * the client's own cost per message stays small, so the times measure the gateway's fan-out rather
 * than a thousand fetch body readers competing with it for the same two cores.
 */
async function openStream(url: string, pk: string, intent: IntentForPayment & { client_secret: string }) {
  const target = new URL(`${url}/v1/payment_intents/${intent.id}/stream`);
  target.searchParams.set("client_secret", intent.client_secret);
  const stream: OpenStream = { receivedAt: new Map(), close: () => {} };
  await new Promise<void>((resolve, reject) => {
    const request = http.get(target, { headers: { authorization: `Bearer ${pk}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream ${intent.id} → ${res.statusCode}`));
        return;
      }
      const parser = createParser({
        onEvent: (message) => {
          if (message.event !== "payment_intent") return;
          const { status } = JSON.parse(message.data) as { status: string };
          if (!stream.receivedAt.has(status)) stream.receivedAt.set(status, performance.now());
          resolve(); // the intent as it is now, sent at once
        },
      });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => parser.feed(chunk));
      res.on("error", () => {}); // closed by close()
    });
    request.on("error", reject);
    stream.close = () => request.destroy();
  });
  return stream;
}

async function transactionsPerSecond(seconds: number): Promise<number> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const read = async () => {
    const { rows } = await admin.query<{ n: string }>(
      "select xact_commit + xact_rollback as n from pg_stat_database where datname = $1",
      [DATABASE],
    );
    return { n: Number(rows[0]?.n), at: performance.now() };
  };
  try {
    // An idle backend may hold its counters up to 10 s before flushing them (PostgreSQL 15's
    // PGSTAT_IDLE_INTERVAL): wait that out so the window does not count the work before it.
    await sleep(11_000);
    const before = await read();
    await sleep(seconds * 1000);
    const after = await read();
    return (after.n - before.n) / ((after.at - before.at) / 1000);
  } finally {
    await admin.end();
  }
}

interface IdleRow {
  layout: string;
  streams: number;
  tps: number;
  rss: number;
}

const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const server = await startServerProcess({
  DATABASE_URL: await freshDatabase(),
  SPAY_WATCHER: "on",
  SPAY_DEVNET: "embedded",
  DEVNET_BLOCK_MS: "0",
  DEVNET_PORT: String(devnetPort),
});
const chainUrl = `http://127.0.0.1:${devnetPort}`;
const idle: IdleRow[] = [];
const delivery: number[] = [];
let settleSpread = 0;
/** When the checkout's report of the txid (POST …/submit) was answered, after the block. */
let submitAnswered = 0;
try {
  const { sk, pk } = await createMerchant(server.url);
  const headers = { authorization: `Bearer ${sk}`, "content-type": "application/json" };
  const createIntent = async (amount: number) => {
    const res = await fetch(`${server.url}/v1/payment_intents`, {
      method: "POST",
      headers,
      body: JSON.stringify({ amount_minor: amount }),
    });
    if (!res.ok) throw new Error(`create intent → ${res.status}`);
    return (await res.json()) as IntentForPayment & { client_secret: string };
  };

  idle.push({
    layout: "no stream open (baseline)",
    streams: 0,
    tps: await transactionsPerSecond(BASELINE_S),
    rss: rssMiB(server.pid),
  });

  // 1,000 intents × 1 stream each.
  const many = await inBatches(
    Array.from({ length: STREAMS }, (_, i) => 500 + i),
    CLIENT_CONCURRENCY,
    createIntent,
  );
  const perIntent = await inBatches(many, CLIENT_CONCURRENCY, (intent) => openStream(server.url, pk, intent));
  idle.push({
    layout: `${STREAMS} intents × 1 stream`,
    streams: perIntent.length,
    tps: await transactionsPerSecond(IDLE_S),
    rss: rssMiB(server.pid),
  });
  for (const s of perIntent) s.close();
  await sleep(1000);

  // 1 intent × 1,000 streams, then that intent is paid.
  const shared = await createIntent(777);
  const tabs = await inBatches(
    Array.from({ length: STREAMS }, () => shared),
    CLIENT_CONCURRENCY,
    (intent) => openStream(server.url, pk, intent),
  );
  idle.push({
    layout: `1 intent × ${STREAMS} streams`,
    streams: tabs.length,
    tps: await transactionsPerSecond(IDLE_S),
    rss: rssMiB(server.pid),
  });

  const payer = ACCOUNTS.find((a) => a.name.startsWith("wallet_"))!;
  const tx = await buildIntentTransfer(shared, payer.privateKey, chainUrl);
  const { txid } = await broadcastIntentTransfer(tx, chainUrl);
  const minedAt = performance.now(); // DEVNET_BLOCK_MS=0: accepted is mined
  const submitted = await fetch(`${server.url}/v1/payment_intents/${shared.id}/submit`, {
    method: "POST",
    headers,
    body: JSON.stringify({ txid }),
  });
  if (!submitted.ok) throw new Error(`submit → ${submitted.status}`);
  submitAnswered = performance.now() - minedAt;
  const settled = () => tabs.filter((t) => t.receivedAt.has("payment_settled")).length;
  while (settled() < tabs.length) {
    if (performance.now() - minedAt > 30_000)
      throw new Error(`only ${settled()} of ${tabs.length} streams saw payment_settled in 30 s`);
    await sleep(5);
  }
  const times = tabs.map((t) => t.receivedAt.get("payment_settled")!);
  for (const at of times) delivery.push(at - minedAt);
  settleSpread = Math.max(...times) - Math.min(...times);
  for (const t of tabs) t.close();
} finally {
  await server.stop();
}

const sorted = [...delivery].sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
const base = idle[0]!;
const lines = [
  `Live intent streams on PostgreSQL, idle ${IDLE_S} s (baseline ${BASELINE_S} s), embedded devnet with DEVNET_BLOCK_MS=0 and the watcher on, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "Database work is `xact_commit + xact_rollback` per second for the gateway's database in `pg_stat_database` (each autocommit query is one transaction; pg_stat_statements is not installed), over a window that starts 11 s after the streams are open (PostgreSQL may hold an idle backend's counters 10 s). It includes the gateway's own periodic work (settlement watcher, schedulers), which the baseline row shows. An idle stream runs no query except one safety re-read every 30 s, so the window holds one round of them: the expected cost is streams / 30 s (≈ 33/s at 1,000). Memory is the gateway process's VmRSS.",
  "",
  "| layout | open streams | DB transactions/s | above baseline | per stream | gateway RSS MiB | target: idle ≈ 0/s per stream (< 0.1) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...idle.map((r) => {
    if (r.streams === 0) return `| ${r.layout} | 0 | ${r.tps.toFixed(1)} | — | — | ${r.rss.toFixed(0)} | — |`;
    const above = r.tps - base.tps;
    const per = above / r.streams;
    return `| ${r.layout} | ${r.streams} | ${r.tps.toFixed(1)} | ${above.toFixed(1)} | ${per.toFixed(3)} | ${r.rss.toFixed(0)} | ${per < IDLE_TARGET_PER_STREAM ? "pass" : "FAIL"} |`;
  }),
  `| polling design (before; measured by its author at 100 streams, scaled, not re-measured) | ${STREAMS} | ≈ ${Math.round(POLLING_QPS_PER_STREAM * STREAMS)} | | ≈ ${POLLING_QPS_PER_STREAM} | | |`,
  "",
  `Settlement fan-out: one intent with ${STREAMS} open streams paid on the devnet; time from the transfer's block to each stream receiving \`payment_settled\` (includes the gateway learning of the block — the devnet's push, the checkout's report — and settling). The streams are held by the bench process over node:http, on the same two cores as the gateway. Target: p99 ≤ 300 ms.`,
  "",
  "| streams | report answered ms | first ms | p50 ms | p99 ms | max ms | first → last ms | target |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  `| ${delivery.length} | ${Math.round(submitAnswered)} | ${Math.round(sorted[0] ?? Number.NaN)} | ${pct(50)} | ${pct(99)} | ${Math.round(sorted.at(-1) ?? 0)} | ${Math.round(settleSpread)} | ${pct(99) <= 300 ? "pass" : "FAIL"} |`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/streams.md", import.meta.url), `${lines.join("\n")}\n`);
