/**
 * How long `pnpm start` takes to a healthy gateway, started twice in a row: the first start
 * builds what is missing (all three front ends with `--cold`), the second finds them up to date and
 * only boots the server (target: healthy within 10 s). Each start runs the README's command
 * (`npx -y pnpm@9 start`) on its own ports and a throw-away data folder shared by both, polls
 * `/health`, then stops the process group. Prints a table; writes bench/results/start-time.md.
 *
 *   pnpm --filter @spay/bench exec tsx start-time.ts [--cold]
 *
 * `--cold` deletes sdk/dist, dashboard/dist, docs-site/dist and server/dist first (a fresh clone's state);
 * START_TIME_REPO=<path> measures another checkout (installed) instead of this one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = process.env.START_TIME_REPO ?? fileURLToPath(new URL("..", import.meta.url));
const COLD = process.argv.includes("--cold");
const TARGET_SECOND_START_S = 10;
const DEADLINE_MS = 10 * 60_000;
/** The lines scripts/build-frontends.mjs prints, one per front end and one for the server. */
const FRONTEND_LINE = /^(sdk|dashboard|docs-site|server): (up to date|built in .*)$/;

interface StartRun {
  frontends: string[];
  /** From spawn to the last front end's line: npx, pnpm, the stale check and any builds. */
  frontendsSeconds: number;
  healthySeconds: number;
  /** The machine's 1-minute load average when the start began. */
  load: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.ok,
    () => false,
  );
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const group = -(child.pid ?? 0);
    const force = setTimeout(() => process.kill(group, "SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(group, "SIGTERM");
  });
}

async function timeStart(dataDir: string): Promise<StartRun> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn("npx", ["-y", "pnpm@9", "start"], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port), DEVNET_PORT: String(port + 1), SPAY_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const run: StartRun = {
    frontends: [],
    frontendsSeconds: Number.NaN,
    healthySeconds: Number.NaN,
    load: os.loadavg()[0] ?? Number.NaN,
  };
  let output = "";
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const match = FRONTEND_LINE.exec(line.trim());
      if (!match) continue;
      run.frontends.push(`${match[1]} ${match[2]}`);
      run.frontendsSeconds = (performance.now() - started) / 1000;
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    for (const deadline = Date.now() + DEADLINE_MS; Date.now() < deadline; await sleep(100)) {
      if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}:\n${output}`);
      if (await healthy(`http://127.0.0.1:${port}/health`)) {
        run.healthySeconds = (performance.now() - started) / 1000;
        return run;
      }
    }
    throw new Error(`no healthy /health within ${DEADLINE_MS / 60_000} minutes:\n${output}`);
  } finally {
    await stop(child);
  }
}

if (COLD) {
  for (const dir of ["sdk/dist", "dashboard/dist", "docs-site/dist", "server/dist"]) {
    rmSync(path.join(REPO, dir), { recursive: true, force: true });
  }
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "spay-start-time-"));
const runs: [string, StartRun][] = [];
try {
  runs.push([COLD ? "first (fresh clone: nothing built)" : "first", await timeStart(dataDir)]);
  runs.push(["second (nothing changed)", await timeStart(dataDir)]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const second = runs[1]?.[1].healthySeconds ?? Number.NaN;
const lines = [
  `\`pnpm start\` to a healthy /health, started twice, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| start | front ends | front ends ready after s | healthy after s | load average |",
  "| --- | --- | ---: | ---: | ---: |",
  ...runs.map(
    ([name, run]) =>
      `| ${name} | ${run.frontends.join(", ")} | ${run.frontendsSeconds.toFixed(1)} | ${run.healthySeconds.toFixed(1)} | ${run.load.toFixed(1)} |`,
  ),
  "",
  `Target: second start healthy within ${TARGET_SECOND_START_S} s — ${second <= TARGET_SECOND_START_S ? "pass" : "FAIL"}.`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/start-time.md", import.meta.url), `${lines.join("\n")}\n`);
