/**
 * Idle cost: CPU (percent of one core) and resident memory of the gateway at rest, nothing calling
 * it. Each process tree is started, left alone SETTLE_S seconds after it answers its health check,
 * then measured over MEASURE_S seconds from /proc (utime+stime and VmRSS, summed over the process
 * and its children). Targets: the server alone ≤ 0.5 % of a core, with the embedded
 * devnet ≤ 2 %.
 *
 * - devnet alone: `tsx devnet/src/main.ts` (default DEVNET_BLOCK_MS), nothing connected to it;
 * - server alone: the built gateway (`node server/dist/main.js`, what `pnpm start` runs) with
 *   SPAY_DEVNET=off and SPAY_STACKS_API_URL at that devnet, on PGlite and on PostgreSQL, watcher and
 *   webhook worker on (default) and off (SPAY_WATCHER=off: the API alone);
 * - embedded: the built gateway with its defaults (its devnet in a child process), as `pnpm start`.
 *
 * The server trees run side by side (idle processes do not compete for the cores); the devnet
 * alone is measured first, with no server polling it.
 *
 *   pnpm --filter @spay/bench exec tsx idle.ts [--before]
 *
 * `--before` stores the figures as the baseline column of bench/results/idle.json (kept by later
 * runs, which write the "after" column). Builds server/dist first when stale.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshDatabase } from "./lib/fresh-database.ts";
import {
  type ProcessGroup,
  REPO,
  sleep,
  startDevnetProcess,
  startNode,
  waitHealthy,
} from "./lib/process-group.ts";
import { measureTreeCpu, processTree, rssMiB } from "./lib/process-tree.ts";

const SETTLE_S = Number(process.env.IDLE_SETTLE_S ?? 20);
const MEASURE_S = Number(process.env.IDLE_MEASURE_S ?? 60);
const BEFORE = process.argv.includes("--before");
/** `--render`: rewrite idle.md from idle.json without measuring. */
const RENDER_ONLY = process.argv.includes("--render");
const RESULTS_JSON = new URL("./results/idle.json", import.meta.url);
const LOG_DIR = mkdtempSync(path.join(os.tmpdir(), "spay-idle-"));

interface Measured {
  name: string;
  /** Percent of one core; null target: measured for information. */
  target: number | null;
  cpuPercent: number;
  rssMiB: number;
  /** CPU and memory per process of the tree (command, percent, MiB). */
  processes: { command: string; cpuPercent: number; rssMiB: number }[];
}

const port = () => 20_000 + Math.floor(Math.random() * 20_000);
const logFor = (name: string) => path.join(LOG_DIR, `${name.replace(/\W+/g, "-")}.log`);
const healthy = (tree: ProcessGroup, url: string) => waitHealthy(tree, url);

function command(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return argv
      .filter((a) => !a.startsWith("-"))
      .map((a) => path.basename(a))
      .slice(0, 2)
      .join(" ");
  } catch {
    return "?";
  }
}

/** Measures every tree at once, after SETTLE_S seconds. */
async function measure(
  trees: { name: string; target: number | null; tree: ProcessGroup }[],
): Promise<Measured[]> {
  await sleep(SETTLE_S * 1000);
  const cpu = await Promise.all(trees.map(({ tree }) => measureTreeCpu(tree.child.pid ?? 0, MEASURE_S)));
  return trees.map(({ name, target, tree }, i) => {
    const byPid = cpu[i]?.byPid ?? new Map<number, number>();
    const processes = processTree(tree.child.pid ?? 0).map((pid) => ({
      command: command(pid),
      cpuPercent: byPid.get(pid) ?? 0,
      rssMiB: rssMiB(pid),
    }));
    return {
      name,
      target,
      cpuPercent: cpu[i]?.percent ?? Number.NaN,
      rssMiB: processes.reduce((s, p) => s + p.rssMiB, 0),
      processes,
    };
  });
}

async function buildServer(): Promise<void> {
  const { buildFrontends, SERVER_BUILD } = (await import(
    new URL("../scripts/build-frontends.mjs", import.meta.url).href
  )) as { buildFrontends(o: { frontends: unknown[] }): Promise<void>; SERVER_BUILD: unknown };
  await buildFrontends({ frontends: [SERVER_BUILD] });
}

const SERVER_MAIN = path.join(REPO, "server/dist/main.js");
const serverEnv = (extra: Record<string, string>) => ({
  PORT: String(port()),
  SPAY_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "spay-idle-data-")),
  ...extra,
});

async function measureAll(): Promise<Measured[]> {
  await buildServer();
  const results: Measured[] = [];

  // 1. The devnet alone, nothing connected.
  {
    const devnetPort = port();
    const devnet = startDevnetProcess(devnetPort, logFor("devnet"));
    try {
      await healthy(devnet, `http://127.0.0.1:${devnetPort}/v2/info`);
      results.push(
        ...(await measure([{ name: "devnet alone (DEVNET_BLOCK_MS default)", target: null, tree: devnet }])),
      );
    } finally {
      await devnet.stop();
    }
  }

  // 2. Servers alone against one separate devnet, and the embedded gateway, side by side.
  {
    const devnetPort = port();
    const devnetUrl = `http://127.0.0.1:${devnetPort}`;
    const devnet = startDevnetProcess(devnetPort, logFor("devnet-for-servers"));
    const started: { name: string; target: number | null; tree: ProcessGroup; url: string }[] = [];
    try {
      await healthy(devnet, `${devnetUrl}/v2/info`);
      const external = { SPAY_DEVNET: "off", SPAY_STACKS_API_URL: devnetUrl };
      const variants: [string, number | null, Record<string, string>][] = [
        ["server alone, PGlite", 0.5, { ...external }],
        [
          "server alone, PostgreSQL",
          0.5,
          { ...external, DATABASE_URL: await freshDatabase("spay_bench_idle") },
        ],
        ["server alone, PGlite, SPAY_WATCHER=off", null, { ...external, SPAY_WATCHER: "off" }],
        [
          "server alone, PostgreSQL, SPAY_WATCHER=off",
          null,
          { ...external, SPAY_WATCHER: "off", DATABASE_URL: await freshDatabase("spay_bench_idle_api") },
        ],
      ];
      for (const [name, target, env] of variants) {
        const e = serverEnv(env);
        started.push({
          name,
          target,
          tree: startNode([SERVER_MAIN], { env: e, log: logFor(name) }),
          url: `http://127.0.0.1:${e.PORT}/health`,
        });
      }
      const embeddedEnv = serverEnv({ DEVNET_PORT: String(port()) });
      started.push({
        name: "pnpm start (server + embedded devnet, PGlite)",
        target: 2,
        tree: startNode([SERVER_MAIN], { env: embeddedEnv, log: logFor("embedded") }),
        url: `http://127.0.0.1:${embeddedEnv.PORT}/health`,
      });
      for (const s of started) await healthy(s.tree, s.url);
      results.push(...(await measure(started)));
    } finally {
      await Promise.all([...started.map((s) => s.tree.stop()), devnet.stop()]);
    }
  }
  return results;
}

const results = RENDER_ONLY ? null : await measureAll();

// The baseline (`--before`) is kept; a later run fills the "after" column.
const stored = existsSync(RESULTS_JSON)
  ? (JSON.parse(readFileSync(RESULTS_JSON, "utf8")) as { before?: Measured[]; after?: Measured[] })
  : {};
const json =
  results === null
    ? stored
    : BEFORE
      ? { ...stored, before: results, after: undefined }
      : { ...stored, after: results };
if (results !== null)
  writeFileSync(
    RESULTS_JSON,
    `${JSON.stringify({ measuredSeconds: MEASURE_S, settleSeconds: SETTLE_S, ...json }, null, 2)}\n`,
  );

const current = json.after ?? json.before ?? [];
const before = new Map((json.before ?? []).map((m) => [m.name, m]));
const fmtCpu = (m: Measured | undefined) => (m ? `${m.cpuPercent.toFixed(2)} %` : "—");
const fmtMem = (m: Measured | undefined) => (m ? `${Math.round(m.rssMiB)} MiB` : "—");
const verdict = (m: Measured) => (m.target === null ? "—" : m.cpuPercent <= m.target ? "pass" : "FAIL");
const lines = [
  `Idle cost at rest (${SETTLE_S} s after healthy, measured over ${MEASURE_S} s: utime+stime and VmRSS summed over each process tree), ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| process tree | CPU before | memory before | CPU now | memory now | target | result |",
  "| --- | ---: | ---: | ---: | ---: | --- | --- |",
  ...current.map((m) => {
    const b = json.after ? before.get(m.name) : undefined;
    return `| ${m.name} | ${fmtCpu(b)} | ${fmtMem(b)} | ${fmtCpu(m)} | ${fmtMem(m)} | ${m.target === null ? "—" : `≤ ${m.target} % of a core`} | ${verdict(m)} |`;
  }),
  "",
  "Before: the webhook worker polled the outbox every 100 ms. Now it waits on the database's notifications (LISTEN spay_changes: each new event) and sleeps until its next due retry, at most SPAY_WEBHOOK_INTERVAL_MS (30 s). `SPAY_WATCHER=off` rows are the API alone (no settlement watcher, no webhook worker); a CPU profile of the idle server shows no webhook-worker samples, so the rest of each `server alone` row is the settlement watcher's. The devnet (an empty block every 2 s by default) is its own line below. PGlite (WebAssembly PostgreSQL in the server process) holds about 750 MiB of the server's memory.",
  "",
  "Per process (now):",
  "",
  "| process tree | process | CPU | memory |",
  "| --- | --- | ---: | ---: |",
  ...current.flatMap((m) =>
    m.processes.map(
      (p) => `| ${m.name} | ${p.command} | ${p.cpuPercent.toFixed(2)} % | ${Math.round(p.rssMiB)} MiB |`,
    ),
  ),
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/idle.md", import.meta.url), `${lines.join("\n")}\n`);
