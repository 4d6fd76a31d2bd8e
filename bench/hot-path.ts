import { mkdtempSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freshDatabase } from "./lib/fresh-database.ts";
import { intentLoad } from "./lib/intent-load.ts";
import { createMerchant } from "./lib/merchant.ts";
import { treeCpuSeconds } from "./lib/process-tree.ts";
import { type ServerProcess, startNodeProcess, startServerProcess } from "./lib/server-process.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres,postgresx2").split(",");
const TARGET = { throughput: 0.7, p99: 2 };
const FLOOR_MAIN = fileURLToPath(new URL("./floor-server.ts", import.meta.url));

interface Measured {
  rps: number;
  /** CPU time of the server's processes (its tree) per request, µs: the cost, whatever the load around. */
  cpuUsPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
interface Row {
  engine: string;
  floor: Measured;
  spay: Measured;
  ratio: number;
  p99Ratio: number;
  pass: boolean;
}

function startFloor(env: Record<string, string>): Promise<ServerProcess> {
  return startNodeProcess(FLOOR_MAIN, env, { timeoutMs: 30_000, name: "floor" });
}

/** CPU seconds a process and its descendants have used so far. */
const cpuSeconds = (pid: number) => [...treeCpuSeconds(pid).values()].reduce((sum, s) => sum + s, 0);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Target {
  url: string;
  pid: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * The same load for each server, side by side: a 3 s warm-up each (JIT, pools), then ROUNDS
 * alternating slices of DURATION_S / ROUNDS seconds, so a change in the machine's other load falls
 * on both alike. Throughput = all requests / all time; p50 and p99 = the median of the slices'.
 */
async function loadSideBySide(targets: Target[], sk: string): Promise<Measured[]> {
  for (const t of targets) await autocannon({ ...intentLoad(t.url, sk, CONNECTIONS), duration: 3 });
  const slices = targets.map(() => [] as autocannon.Result[]);
  const ticks = targets.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const before = cpuSeconds(t.pid);
      slices[i]!.push(
        await autocannon({ ...intentLoad(t.url, sk, CONNECTIONS), duration: DURATION_S / ROUNDS }),
      );
      ticks[i]! += cpuSeconds(t.pid) - before;
    }
  }
  return slices.map((rs, i) => {
    const total = rs.reduce((n, r) => n + r.requests.total, 0);
    const seconds = rs.reduce((n, r) => n + r.duration, 0);
    return {
      rps: Math.round(total / seconds),
      cpuUsPerRequest: Math.round((ticks[i]! * 1e6) / Math.max(1, total)),
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    };
  });
}

function row(engine: string, floor: Measured, spay: Measured): Row {
  const ratio = spay.rps / floor.rps;
  const p99Ratio = spay.p99 / floor.p99;
  const pass = ratio >= TARGET.throughput && p99Ratio <= TARGET.p99 && spay.non2xx === 0 && spay.errors === 0;
  return { engine, floor, spay, ratio, p99Ratio, pass };
}

async function runPostgres(processes: string[]): Promise<Row[]> {
  const databaseUrl = await freshDatabase("spay_bench");
  const floorServer = await startFloor({ FLOOR_ENGINE: "postgres", DATABASE_URL: databaseUrl });
  const rows: Row[] = [];
  try {
    let sk: string | null = null;
    for (const n of processes) {
      const spay = await startServerProcess({ DATABASE_URL: databaseUrl, SPAY_API_PROCESSES: n });
      try {
        sk ??= (await createMerchant(spay.url)).sk;
        const [floor, measured] = await loadSideBySide([floorServer, spay], sk);
        rows.push(row(n === "1" ? "postgres" : `postgresx${n}`, floor!, measured!));
      } finally {
        await spay.stop();
      }
    }
  } finally {
    await floorServer.stop();
  }
  return rows;
}

/** PGlite has one owner per directory: the gateway's run, then the floor's on the same data. */
async function runPglite(): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "spay-hot-path-"));
  const spay = await startServerProcess({ SPAY_DATA_DIR: dataDir });
  let sk: string;
  let measured: Measured;
  try {
    sk = (await createMerchant(spay.url)).sk;
    [measured] = (await loadSideBySide([spay], sk)) as [Measured];
  } finally {
    await spay.stop();
  }
  const floorServer = await startFloor({ FLOOR_ENGINE: "pglite", FLOOR_PGLITE_DIR: dataDir });
  try {
    const [floor] = (await loadSideBySide([floorServer], sk)) as [Measured];
    return row("pglite", floor, measured);
  } finally {
    await floorServer.stop();
  }
}

const rows: Row[] = [];
if (engines.includes("pglite")) rows.push(await runPglite());
const pgProcesses = engines.filter((e) => e.startsWith("postgres")).map((e) => e.split("x")[1] ?? "1");
if (pgProcesses.length > 0) rows.push(...(await runPostgres(pgProcesses)));

const fmt = (m: Measured) => `${m.rps} | ${m.p50} | ${m.p99} | ${m.cpuUsPerRequest}`;
const lines = [
  `POST /v1/payment_intents, gateway vs floor (bench/floor-server.ts) — ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| engine | floor req/s | floor p50 ms | floor p99 ms | floor CPU µs/req | sPay req/s | sPay p50 ms | sPay p99 ms | sPay CPU µs/req | sPay errors / non-2xx | throughput ratio | p99 ratio | target (≥ 0.7, ≤ 2×) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${fmt(r.floor)} | ${fmt(r.spay)} | ${r.spay.errors} / ${r.spay.non2xx} | ${r.ratio.toFixed(2)} | ${r.p99Ratio.toFixed(2)} | ${r.pass ? "pass" : "FAIL"} |`,
  ),
  "",
  `Machine load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ", ",
    )} (other work on the machine slows both servers alike; CPU µs/req is each server's own process time per request).`,
  "",
  `The floor: node:http + pg (or PGlite), the key looked up on every request, the Idempotency-Key claimed together with the sealed stored response, the intent, its first payment event and its outbox event in one statement. \`postgresx2\` is two gateway processes against the one-process floor. PostgreSQL rows alternate floor and gateway in ${ROUNDS} slices of ${DURATION_S / ROUNDS} s (p50/p99: median of the slices). On PGlite the gateway runs first and the floor then opens the same data directory (PGlite has one owner per directory, so the two cannot alternate; the floor on PGlite is the same code on the same engine and data).`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/hot-path.md", import.meta.url), `${lines.join("\n")}\n`);
writeFileSync(
  new URL("./results/hot-path.json", import.meta.url),
  `${JSON.stringify({ connections: CONNECTIONS, durationSeconds: DURATION_S, target: TARGET, rows }, null, 2)}\n`,
);
