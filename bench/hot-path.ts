import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase } from "./lib/fresh-database.ts";
import { intentLoad } from "./lib/intent-load.ts";
import { createMerchant } from "./lib/merchant.ts";
import { treeCpuSeconds } from "./lib/process-tree.ts";
import { type ServerProcess, startNodeProcess, startServerProcess } from "./lib/server-process.ts";

/**
 * `POST /v1/payment_intents` on the gateway as `pnpm start` runs it (embedded devnet, settlement
 * watcher, webhook and mail workers), against a floor on its own minimal schema in its own database
 * (floor-server.ts: no sPay table, index or trigger), side by side in one run. On PostgreSQL also:
 * - two gateway processes on one database, with every notify-lock wait sampled from `pg_locks`
 *   while they take load (the cluster-wide lock a committing NOTIFY takes);
 * - the database work per create (`pg_stat_database`: transactions, tuples read) with the
 *   background work on and off.
 *
 *   cd bench && npx tsx hot-path.ts
 */

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres,postgresx2").split(",");
const TARGET = { throughput: 0.7, p99: 2 };
const FLOOR_MAIN = fileURLToPath(new URL("./floor-server.ts", import.meta.url));
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Measured {
  rps: number;
  /** Requests a second in each round's slice: a round's slices run one right after the other. */
  roundRps: number[];
  /** CPU time of the server's processes (its tree) per request, µs: the cost, whatever the load around. */
  cpuUsPerRequest: number;
  /** CPU time of PostgreSQL's processes (the whole server) per request, µs. */
  pgCpuUsPerRequest: number | null;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Samples of pg_locks during this server's slices that showed a backend waiting on the notify lock. */
  notifyLockWaits: number | null;
  /** Of those, samples where the waiting backend ran a business write (not an announcement broadcast). */
  writeLockWaits: number | null;
  lockSamples: number | null;
}
interface Row {
  engine: string;
  floor: Measured;
  spay: Measured;
  /** The median of the rounds' ratios (each round's gateway slice over its floor slice). */
  ratio: number;
  /** The lowest and highest of the rounds' ratios. */
  ratioRange: [number, number];
  p99Ratio: number;
  /** Samples of pg_locks during the gateway's slices that showed a backend waiting on the notify lock. */
  notifyLockWaits: number | null;
  lockSamples: number | null;
  pass: boolean;
}

/** The gateway as `pnpm start` runs it: embedded devnet (its own process), watcher and workers on. */
function startGateway(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    SPAY_DEVNET: "embedded",
    SPAY_WATCHER: "on",
    DEVNET_PORT: String(30_000 + Math.floor(Math.random() * 10_000)),
    ...env,
  });
}

interface FloorKey {
  sk: string;
  workspaceId: string;
  payoutAddress: string;
}

function startFloor(env: Record<string, string>, key: FloorKey): Promise<ServerProcess> {
  return startNodeProcess(
    FLOOR_MAIN,
    {
      ...env,
      FLOOR_API_KEY: key.sk,
      FLOOR_WORKSPACE_ID: key.workspaceId,
      FLOOR_PAYOUT_ADDRESS: key.payoutAddress,
    },
    { timeoutMs: 30_000, name: "floor" },
  );
}

/** CPU seconds a process and its descendants have used so far. */
const cpuSeconds = (pid: number) => [...treeCpuSeconds(pid).values()].reduce((sum, s) => sum + s, 0);

/**
 * PostgreSQL's postmaster, when it runs on this machine: the parent of a backend of ours. Its tree
 * (backends, WAL writer, checkpointer) is the database's share of the CPU.
 */
async function postmasterPid(): Promise<number | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const stat = readFileSync(`/proc/${rows[0]?.pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null; // another machine's server, or /proc unreadable
  } finally {
    await client.end();
  }
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

interface Target {
  url: string;
  pid: number;
  /** The secret key its load sends (each gateway has its own database, so its own merchant). */
  sk: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Samples `pg_locks` every 2 ms while `during` runs: how many samples showed a backend waiting on
 * the lock PostgreSQL takes at the commit of a transaction that issued NOTIFY (an `object` lock on
 * `pg_database`, object 0 — one for the whole cluster), and how many of those showed a business
 * write waiting (any statement but the gateway's own after-commit announcement broadcast).
 */
async function sampleNotifyLock<T>(
  during: () => Promise<T>,
): Promise<{ result: T; waits: number; writeWaits: number; samples: number }> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  let running = true;
  let waits = 0;
  let writeWaits = 0;
  let samples = 0;
  const sampler = (async () => {
    while (running) {
      const { rows } = await client.query<{ waiting: number; writes: number }>(
        `select count(*)::int as waiting,
                count(*) filter (where a.query not like '%pg_notify($1, payload)%')::int as writes
         from pg_locks l left join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'object' and l.classid = 'pg_database'::regclass and l.objid = 0
           and not l.granted`,
      );
      samples++;
      if ((rows[0]?.waiting ?? 0) > 0) waits++;
      if ((rows[0]?.writes ?? 0) > 0) writeWaits++;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  try {
    const result = await during();
    return { result, waits, writeWaits, samples };
  } finally {
    running = false;
    await sampler;
    await client.end();
  }
}

/**
 * The same load for each server, side by side: a 3 s warm-up each (JIT, pools), then ROUNDS
 * alternating slices of DURATION_S / ROUNDS seconds, so a change in the machine's other load falls
 * on both alike. Throughput = all requests / all time; p50 and p99 = the median of the slices'.
 * With `sampleLocks`, every server's slices run under {@link sampleNotifyLock}: the sampler's own
 * queries cost the machine alike for each, and the floor's count shows the sampler sees no ghost.
 */
async function loadSideBySide(targets: Target[], sampleLocks = false): Promise<{ measured: Measured[] }> {
  for (const t of targets) await autocannon({ ...intentLoad(t.url, t.sk, CONNECTIONS), duration: 3 });
  const slices = targets.map(() => [] as autocannon.Result[]);
  const ticks = targets.map(() => 0);
  const pgTicks = targets.map(() => 0);
  const waits = targets.map(() => 0);
  const writeWaits = targets.map(() => 0);
  const samples = targets.map(() => 0);
  const postmaster = sampleLocks ? await postmasterPid() : null;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const before = cpuSeconds(t.pid);
      const pgBefore = postmaster ? cpuSeconds(postmaster) : 0;
      const load = () =>
        autocannon({ ...intentLoad(t.url, t.sk, CONNECTIONS), duration: DURATION_S / ROUNDS });
      if (sampleLocks) {
        const run = await sampleNotifyLock(load);
        slices[i]!.push(run.result);
        waits[i]! += run.waits;
        writeWaits[i]! += run.writeWaits;
        samples[i]! += run.samples;
      } else {
        slices[i]!.push(await load());
      }
      ticks[i]! += cpuSeconds(t.pid) - before;
      if (postmaster) pgTicks[i]! += cpuSeconds(postmaster) - pgBefore;
    }
  }
  const measured = slices.map((rs, i) => {
    const total = rs.reduce((n, r) => n + r.requests.total, 0);
    const seconds = rs.reduce((n, r) => n + r.duration, 0);
    return {
      rps: Math.round(total / seconds),
      roundRps: rs.map((r) => r.requests.total / r.duration),
      cpuUsPerRequest: Math.round((ticks[i]! * 1e6) / Math.max(1, total)),
      pgCpuUsPerRequest: postmaster ? Math.round((pgTicks[i]! * 1e6) / Math.max(1, total)) : null,
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      notifyLockWaits: sampleLocks ? waits[i]! : null,
      writeLockWaits: sampleLocks ? writeWaits[i]! : null,
      lockSamples: sampleLocks ? samples[i]! : null,
    };
  });
  return { measured };
}

/**
 * Each round's ratio of `a`'s slice to `b`'s: the two ran within seconds of each other, so a change
 * in the machine's speed (another process's burst, a block mined by an idle gateway's devnet) falls
 * on both of a pair, and one disturbed slice moves one ratio of many, not the total.
 */
const pairedRatios = (a: Measured, b: Measured) =>
  a.roundRps.map((rps, i) => rps / Math.max(1, b.roundRps[i] ?? 0));

function row(engine: string, floor: Measured, spay: Measured): Row {
  const waits = spay.notifyLockWaits;
  const samples = spay.lockSamples;
  const rounds = pairedRatios(spay, floor);
  const ratio = median(rounds);
  const p99Ratio = spay.p99 / floor.p99;
  const pass =
    ratio >= TARGET.throughput &&
    p99Ratio <= TARGET.p99 &&
    spay.non2xx === 0 &&
    spay.errors === 0 &&
    (spay.writeLockWaits ?? 0) === 0;
  return {
    engine,
    floor,
    spay,
    ratio,
    ratioRange: [Math.min(...rounds), Math.max(...rounds)],
    p99Ratio,
    notifyLockWaits: waits,
    lockSamples: samples,
    pass,
  };
}

/**
 * For each process count, a floor and a gateway (each on its own database; each gateway with its
 * own devnet) run at once, and all their slices alternate in one side-by-side run: one process and
 * two are compared in the same minutes, so a change in the machine's speed falls on all alike. The
 * floor with two processes is the control for what a second process costs on this machine with no
 * sPay code in it. A server waiting for its slice is idle (a gateway's watcher ticks, no load).
 */
async function runPostgres(processes: string[]): Promise<Row[]> {
  const servers: ServerProcess[] = [];
  try {
    const floors: Target[] = [];
    const gateways: Target[] = [];
    for (const n of processes) {
      const spay = await startGateway({
        DATABASE_URL: await freshDatabase(`spay_bench_x${n}`),
        SPAY_API_PROCESSES: n,
      });
      servers.push(spay);
      const merchant = await createMerchant(spay.url);
      gateways.push({ url: spay.url, pid: spay.pid, sk: merchant.sk });
      const floorUrl = await freshDatabase(`spay_bench_floor_x${n}`);
      const floor = await startFloor(
        { FLOOR_ENGINE: "postgres", DATABASE_URL: floorUrl, FLOOR_PROCESSES: n },
        merchant,
      );
      servers.push(floor);
      floors.push({ url: floor.url, pid: floor.pid, sk: merchant.sk });
    }
    // Each floor's slice right before its gateway's: a round's pair runs within seconds.
    const { measured } = await loadSideBySide(
      floors.flatMap((floor, i) => [floor, gateways[i]!]),
      true,
    );
    return processes.map((n, i) =>
      row(n === "1" ? "postgres" : `postgresx${n}`, measured[2 * i]!, measured[2 * i + 1]!),
    );
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** PGlite has one owner per directory: the gateway on its own, then the floor on its own directory. */
async function runPglite(): Promise<Row> {
  const spay = await startGateway({ SPAY_DATA_DIR: mkdtempSync(path.join(tmpdir(), "spay-hot-path-")) });
  let key: FloorKey;
  let measured: Measured;
  try {
    key = await createMerchant(spay.url);
    [measured] = (await loadSideBySide([{ url: spay.url, pid: spay.pid, sk: key.sk }])).measured as [
      Measured,
    ];
  } finally {
    await spay.stop();
  }
  const floorServer = await startFloor(
    { FLOOR_ENGINE: "pglite", FLOOR_PGLITE_DIR: mkdtempSync(path.join(tmpdir(), "spay-floor-")) },
    key,
  );
  try {
    const [floor] = (await loadSideBySide([{ url: floorServer.url, pid: floorServer.pid, sk: key.sk }]))
      .measured as [Measured];
    return row("pglite", floor, measured);
  } finally {
    await floorServer.stop();
  }
}

interface Work {
  background: "on" | "off";
  creates: number;
  xactsPerCreate: number;
  tuplesPerCreate: number;
  /** Tuples the queries read from sPay's tables per create (no catalog, no autovacuum). */
  tableTuplesPerCreate: number;
  /** Autovacuum and autoanalyze runs during the window (their reads are in tuplesPerCreate). */
  autovacuums: number;
  /** The background's own transactions a second at rest (taken out of the window). */
  restXactsPerSecond: number;
  /** Tuples its queries read from sPay's tables a second at rest (taken out of the window). */
  restTableTuplesPerSecond: number;
  rps: number;
}

interface DatabaseWork {
  xacts: number;
  /** Every tuple the database read (`pg_stat_database`): the queries', the catalog's, autovacuum's. */
  tuples: number;
  /** Tuples the queries read from sPay's tables (`pg_stat_user_tables`: sequential + index fetches). */
  tableTuples: number;
  /** Autovacuum and autoanalyze runs on sPay's tables so far: their reads land in `tuples` only. */
  autovacuums: number;
  /** When the reading was taken (ms since the epoch): the windows' lengths. */
  at: number;
}

/**
 * The database's transactions and tuples read so far, through `client`, a connection to that
 * database held for all of a window's readings: a new connection would load its catalog caches
 * with each reading, thousands of catalog tuples counted as the database's reads.
 */
async function databaseWork(client: pg.Client): Promise<DatabaseWork> {
  const { rows } = await client.query<{ xacts: string; tuples: string }>(
    `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as tuples
     from pg_stat_database where datname = current_database()`,
  );
  const tables = await client.query<{ tuples: string; autovacuums: string }>(
    `select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) as tuples,
            coalesce(sum(autovacuum_count + autoanalyze_count), 0) as autovacuums
     from pg_stat_user_tables`,
  );
  return {
    xacts: Number(rows[0]?.xacts ?? 0),
    tuples: Number(rows[0]?.tuples ?? 0),
    tableTuples: Number(tables.rows[0]?.tuples ?? 0),
    autovacuums: Number(tables.rows[0]?.autovacuums ?? 0),
    at: Date.now(),
  };
}

/**
 * PostgreSQL's backends report their counters when idle, up to 10 s late (pg_stat_database lags);
 * each reading is taken after that long.
 */
const STATS_SETTLE_MS = 11_000;

/**
 * Transactions and tuples read per create, with the gateway's background work (watcher, webhook
 * and mail workers) on and then off, each on a fresh database and the same load. The window read
 * holds the load and the settling after it; the settling's share — the background's rate at rest
 * (intents open, nothing created), measured just before over as long — is taken out, so what is
 * left is the work done while intents were being created.
 */
async function measureWork(): Promise<Work[]> {
  const out: Work[] = [];
  for (const background of ["on", "off"] as const) {
    const databaseUrl = await freshDatabase("spay_bench_work");
    const spay = await startGateway({ DATABASE_URL: databaseUrl, SPAY_WATCHER: background });
    const stats = new pg.Client({ connectionString: databaseUrl });
    await stats.connect();
    await databaseWork(stats); // its catalog caches load now, before the first reading
    try {
      const { sk } = await createMerchant(spay.url);
      await autocannon({ ...intentLoad(spay.url, sk, CONNECTIONS), duration: 3 });
      await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
      const restStart = await databaseWork(stats);
      await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
      const before = await databaseWork(stats);
      const load = await autocannon({ ...intentLoad(spay.url, sk, CONNECTIONS), duration: DURATION_S / 2 });
      await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
      const after = await databaseWork(stats);
      const creates = load["2xx"];
      // The background's work at rest over as long as the window (load and settling) lasted.
      const restShare = (after.at - before.at) / (before.at - restStart.at);
      const rest = {
        xacts: (before.xacts - restStart.xacts) * restShare,
        tuples: (before.tuples - restStart.tuples) * restShare,
        tableTuples: (before.tableTuples - restStart.tableTuples) * restShare,
      };
      out.push({
        background,
        creates,
        xactsPerCreate: (after.xacts - before.xacts - rest.xacts) / Math.max(1, creates),
        tuplesPerCreate: (after.tuples - before.tuples - rest.tuples) / Math.max(1, creates),
        tableTuplesPerCreate:
          (after.tableTuples - before.tableTuples - rest.tableTuples) / Math.max(1, creates),
        autovacuums: after.autovacuums - before.autovacuums,
        restXactsPerSecond: ((before.xacts - restStart.xacts) * 1000) / (before.at - restStart.at),
        restTableTuplesPerSecond:
          ((before.tableTuples - restStart.tableTuples) * 1000) / (before.at - restStart.at),
        rps: Math.round(load.requests.total / load.duration),
      });
    } finally {
      await stats.end();
      await spay.stop();
    }
  }
  return out;
}

const rows: Row[] = [];
if (engines.includes("pglite")) rows.push(await runPglite());
const pgProcesses = engines.filter((e) => e.startsWith("postgres")).map((e) => e.split("x")[1] ?? "1");
if (pgProcesses.length > 0) rows.push(...(await runPostgres(pgProcesses)));
const work = pgProcesses.length > 0 && process.env.BENCH_WORK !== "off" ? await measureWork() : [];

const scaling = (a: Measured, b: Measured) => median(pairedRatios(a, b));
const rangeOf = (a: Measured, b: Measured) => {
  const rounds = pairedRatios(a, b);
  return `${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)}`;
};
const lockWaits = (m: Measured) => `${m.notifyLockWaits}, ${m.writeLockWaits} (${m.lockSamples})`;
const fmt = (m: Measured) =>
  `${m.rps} | ${m.p50} | ${m.p99} | ${m.cpuUsPerRequest} | ${m.pgCpuUsPerRequest ?? "—"}`;
const one = rows.find((r) => r.engine === "postgres");
const two = rows.find((r) => r.engine === "postgresx2");
const workOn = work.find((w) => w.background === "on");
const workOff = work.find((w) => w.background === "off");
const added = (on: number, off: number) => (off > 0 ? (on - off) / off : 0);
/**
 * The background may add 10 % to what a create reads. A create reads less than one tuple of sPay's
 * tables (its key is held in memory), so there the bound is a tenth of a tuple: a background query
 * that read each new write once — work per write — would add at least one tuple per create.
 */
const TUPLES_PER_WRITE = 1;
const tuplesWithinBudget = (on: number, off: number) => on - off <= 0.1 * Math.max(off, TUPLES_PER_WRITE);
const lines = [
  `POST /v1/payment_intents, the gateway as \`pnpm start\` runs it vs the floor on its own schema (bench/floor-server.ts) — ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "Command: `cd bench && npx tsx hot-path.ts`.",
  "",
  "| engine | floor req/s | floor p50 ms | floor p99 ms | floor CPU µs/req | floor PostgreSQL CPU µs/req | sPay req/s | sPay p50 ms | sPay p99 ms | sPay CPU µs/req | sPay PostgreSQL CPU µs/req | sPay errors / non-2xx | throughput ratio: median of the rounds' (lowest–highest) | all requests' ratio | p99 ratio | notify-lock waits: any, of them a business write (samples), floor / sPay | target (≥ 0.7, ≤ 2×, no business write waits) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${fmt(r.floor)} | ${fmt(r.spay)} | ${r.spay.errors} / ${r.spay.non2xx} | ${r.ratio.toFixed(2)} (${r.ratioRange.map((x) => x.toFixed(2)).join("–")}) | ${(r.spay.rps / r.floor.rps).toFixed(2)} | ${r.p99Ratio.toFixed(2)} | ${r.notifyLockWaits === null ? "—" : `${lockWaits(r.floor)} / ${lockWaits(r.spay)}`} | ${r.pass ? "pass" : "FAIL"} |`,
  ),
  "",
  ...(one && two
    ? [
        `Two gateway processes against one: ${two.spay.rps} against ${one.spay.rps} intents/s; median of the rounds' ratios ×${scaling(two.spay, one.spay).toFixed(2)} (rounds ${rangeOf(two.spay, one.spay)}) — ${scaling(two.spay, one.spay) >= 1 ? "pass" : "FAIL"} (at least the one-process row; on 2 cores both are CPU-bound). The control, the floor with two processes against one: ${two.floor.rps} against ${one.floor.rps}, ×${scaling(two.floor, one.floor).toFixed(2)} (rounds ${rangeOf(two.floor, one.floor)}); CPU per request, one process → two: gateway ${one.spay.cpuUsPerRequest} → ${two.spay.cpuUsPerRequest} µs, floor ${one.floor.cpuUsPerRequest} → ${two.floor.cpuUsPerRequest} µs.`,
        "",
      ]
    : []),
  ...(work.length === 2 && workOn && workOff
    ? [
        "Database work per create, background work (settlement watcher, webhook and mail workers) on and off, each on a fresh database under the same load for " +
          `${DURATION_S / 2} s; readings ${STATS_SETTLE_MS / 1000} s apart at rest before the load and ${STATS_SETTLE_MS / 1000} s after it, the background's rate at rest, scaled to the window's length, taken out of it. Transactions and all tuples read are \`pg_stat_database\`'s (\`xact_commit + xact_rollback\`, \`tup_returned + tup_fetched\`: the catalog's and autovacuum's reads included); the queries' reads are \`pg_stat_user_tables\`' (\`seq_tup_read + idx_tup_fetch\` over sPay's tables), which is what the background's queries add to. Autovacuum runs whenever a table has grown enough, so a window that holds one reads its tuples too: the runs are counted.`,
        "",
        "| background work | creates | intents/s | transactions / create | tuples read / create (database) | tuples read / create (sPay's tables) | autovacuum runs in the window | background at rest, transactions/s | background at rest, tuples of sPay's tables/s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...work.map(
          (w) =>
            `| ${w.background} | ${w.creates} | ${w.rps} | ${w.xactsPerCreate.toFixed(3)} | ${w.tuplesPerCreate.toFixed(2)} | ${w.tableTuplesPerCreate.toFixed(3)} | ${w.autovacuums} | ${w.restXactsPerSecond.toFixed(1)} | ${w.restTableTuplesPerSecond.toFixed(1)} |`,
        ),
        "",
        `Added by the background work: ${(added(workOn.xactsPerCreate, workOff.xactsPerCreate) * 100).toFixed(1)} % transactions per create; ${(workOn.tableTuplesPerCreate - workOff.tableTuplesPerCreate).toFixed(3)} tuples read from sPay's tables per create (${(workOn.tuplesPerCreate - workOff.tuplesPerCreate).toFixed(2)} of the database's, catalog and autovacuum included, which a new backend's catalog caches and the autovacuum launcher's visits swing by a few thousand tuples a window). Target: ≤ 10 % of the transactions, and of the tuples ≤ 10 % of a create's own reads or, as a create reads less than one tuple of sPay's tables, ≤ ${(0.1 * TUPLES_PER_WRITE).toFixed(1)} tuple per create (work per write would read at least one): ${
          added(workOn.xactsPerCreate, workOff.xactsPerCreate) <= 0.1 &&
          tuplesWithinBudget(workOn.tableTuplesPerCreate, workOff.tableTuplesPerCreate)
            ? "pass"
            : "FAIL"
        }.`,
        "",
      ]
    : []),
  `Machine load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ", ",
    )} (other work on the machine slows both servers alike; CPU µs/req is each server's own process time per request, the gateway's including its devnet; PostgreSQL CPU µs/req is the whole PostgreSQL server's process time per request during that server's slices).`,
  "",
  `The floor: node:http + pg (or PGlite) on its own tables in its own database (no sPay schema, index or trigger): the key looked up on every request, the Idempotency-Key claimed together with the sealed stored response, the intent, its first payment event and its outbox event in one statement. The gateway runs with its embedded devnet, settlement watcher and webhook and mail workers, as \`pnpm start\` does. \`postgresx2\` is two gateway processes (SPAY_API_PROCESSES=2) against the floor with two processes (FLOOR_PROCESSES=2, node:cluster as the gateway's); the four servers (each with its own database) run at once and their slices alternate within every round. PostgreSQL rows alternate floor and gateway in ${ROUNDS} rounds of one ${DURATION_S / ROUNDS} s slice each (req/s: all requests over all their time; the throughput ratio: the median of the rounds' ratios, each round's gateway slice over its floor slice run just before it; p50/p99: median of the slices); notify-lock waits are samples of \`pg_locks\` (every 2 ms during every slice, the floor's and the gateway's alike, so the sampler costs both the same) showing a backend waiting on the cluster-wide lock a committing NOTIFY takes, and of those the samples where the waiting backend ran anything but the gateway's after-commit announcement broadcast (a business write: the target is none; broadcasts of two processes may wait on each other, one NOTIFY per process every 5 ms at most). On PGlite the gateway runs first and the floor then on its own directory (PGlite has one owner per directory).`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/hot-path.md", import.meta.url), `${lines.join("\n")}\n`);
writeFileSync(
  new URL("./results/hot-path.json", import.meta.url),
  `${JSON.stringify({ connections: CONNECTIONS, durationSeconds: DURATION_S, target: TARGET, rows, work }, null, 2)}\n`,
);
