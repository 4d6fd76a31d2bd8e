import { writeFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { intentLoad } from "./lib/intent-load.ts";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://root@127.0.0.1:5432/test";
/** How the server reaches PostgreSQL: BENCH_PG_SOCKET=/var/run/postgresql uses the Unix socket. */
const PG_SOCKET = process.env.BENCH_PG_SOCKET;
/** `postgresx2` = two API processes (SPAY_API_PROCESSES=2) on one PostgreSQL. */
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres,postgresx2").split(",");

interface Row {
  engine: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function freshPostgresDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query("drop database if exists spay_bench with (force)");
  await admin.query("create database spay_bench");
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = "/spay_bench";
  if (PG_SOCKET) url.searchParams.set("host", PG_SOCKET);
  return url.toString();
}

async function run(engine: string): Promise<Row> {
  const [kind, processes] = engine.split("x") as [string, string | undefined];
  const env: Record<string, string> =
    kind === "postgres"
      ? { DATABASE_URL: await freshPostgresDatabase(), SPAY_API_PROCESSES: processes ?? "1" }
      : {};
  const server = await startServerProcess(env);
  try {
    const { sk } = await createMerchant(server.url);
    const options = intentLoad(server.url, sk, CONNECTIONS);
    await autocannon({ ...options, duration: 3 }); // warm-up: JIT, pools, caches
    const result = await autocannon({ ...options, duration: DURATION_S });
    return {
      engine,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

const rows: Row[] = [];
for (const engine of engines) rows.push(await run(engine));

// Absolute figures, for information: the target is the ratio to the floor on the same machine and
// run (hot-path.ts), since an absolute rate says more about the machine than about the gateway.
const lines = [
  `POST /v1/payment_intents — ${CONNECTIONS} connections, ${DURATION_S} s, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| engine | intents/s | p50 ms | p99 ms | errors | non-2xx |",
  "| --- | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map((r) => `| ${r.engine} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
  "",
  "Information only: the gateway's target is its ratio to the floor in the same run (`hot-path.ts`: ≥ 0.7 of its throughput, p99 ≤ 2×).",
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/payment-intents.md", import.meta.url), `${lines.join("\n")}\n`);
