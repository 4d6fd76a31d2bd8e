// @ts-check
/**
 * Every test of the workspace, as `pnpm test` runs it: front ends built, typecheck, lint, the
 * scripts' own tests, then each package's vitest suite — and at the end a timing table (each
 * step's wall time and the slowest test files), so growth is seen the day it happens.
 *
 *   node scripts/run-tests.mjs                 everything (what CI runs)
 *   node scripts/run-tests.mjs server sdk      only these packages' suites (folder names)
 *   node scripts/run-tests.mjs --changed       only the test files related to uncommitted changes
 *   node scripts/run-tests.mjs --changed=main  … to changes since a commit or branch
 *   node scripts/run-tests.mjs --together=1    the light packages one by one too (default: two at a time)
 *
 * docs/testing.md describes the layout and the budget.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants, cpus, setPriority, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pnpmCommand } from "./build-frontends.mjs";
import { orphansSince } from "./lib/leftovers.mjs";
import { busyPercent, failedTests, slowestFiles, timingTable } from "./lib/timing.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHRT = "/usr/bin/chrt";

/**
 * The packages with a test suite, in the order they start. A package that keeps both cores busy by
 * itself (`alone`: each runs two vitest workers, CPU-bound) runs with nothing beside it; the others
 * spend a quarter of their time waiting on a browser, a block or a process start (the `cpu` column
 * of the timing table) and run two at a time. Running the heavy ones side by side oversubscribed
 * the 2 cores (server files 4–5x slower, a rate-limit test past its timeout).
 * @type {{ dir: string, alone: boolean }[]}
 */
export const PACKAGES = [
  { dir: "server", alone: true },
  { dir: "dashboard", alone: true },
  { dir: "sdk", alone: true },
  { dir: "consumers", alone: false },
  { dir: "interop", alone: false },
  { dir: "docs-site", alone: false },
  { dir: "e2e", alone: false },
  { dir: "examples/html-storefront", alone: false },
  { dir: "examples/react-storefront", alone: false },
  { dir: "examples/webhook-receiver", alone: false },
  { dir: "examples/x402-agent", alone: false },
  { dir: "devnet", alone: false },
  { dir: "protocol", alone: false },
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    changed: { type: "string", default: undefined },
    together: { type: "string", default: "2" },
  },
  args: normalizeChanged(process.argv.slice(2)),
});

/** `--changed` alone means "since the last commit"; parseArgs wants a value for a string option. */
function normalizeChanged(/** @type {string[]} */ args) {
  return args.map((arg) => (arg === "--changed" ? "--changed=HEAD" : arg));
}

const reportDir = mkdtempSync(path.join(tmpdir(), "spay-test-report-"));
/** @type {{ name: string, seconds: number, ok: boolean, busy: number }[]} */
const steps = [];

/**
 * Runs a command in `cwd`, its output streamed with a `[name]` prefix per line when lanes run at
 * once; resolves with its exit code. A `background` command runs at the lowest CPU priority (and
 * so do the processes it starts): it takes only the cycles the tests leave idle.
 * @param {string} name @param {string} command @param {string[]} args @param {string} cwd @param {boolean} prefix
 * @param {{ background?: boolean }} [options]
 */
function run(name, command, args, cwd, prefix, { background = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const cpusBefore = cpus();
    // Linux's idle class (`chrt --idle`) runs a process only on cycles nothing else wants; the
    // lowest nice level still took a share from the suites (the server ran 30 s longer beside it).
    const idle = background && existsSync(CHRT);
    const child = spawn(idle ? CHRT : command, idle ? ["--idle", "0", command, ...args] : args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    if (background && child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW);
    /** @param {NodeJS.WriteStream} out */
    const pipe = (out) => {
      let pending = "";
      return (/** @type {Buffer} */ chunk) => {
        if (!prefix) return out.write(chunk);
        pending += chunk.toString();
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      };
    };
    child.stdout.on("data", pipe(process.stdout));
    child.stderr.on("data", pipe(process.stderr));
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      steps.push({ name, seconds, ok: code === 0, busy: busyPercent(cpusBefore, cpus()) });
      resolve(code ?? 1);
    });
  });
}

/** @param {string} name @param {string[]} pnpmArgs @param {{ background?: boolean }} [options] */
const pnpmStep = (name, pnpmArgs, options) => {
  const [command, args] = pnpmCommand(pnpmArgs);
  return run(name, command, args, ROOT, options?.background === true, options);
};

/**
 * One package's suite: its own `test` script (which builds what it needs first), with a JSON
 * report beside the usual output. With `--changed`, only the files related to the changes.
 * Whatever it left running is named and stopped, so it slows no suite after it.
 * @param {string} dir @param {boolean} prefix
 */
async function packageSuite(dir, prefix) {
  const report = path.join(reportDir, `${dir.replaceAll("/", "_")}.json`);
  const extra = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  if (values.changed) extra.push(`--changed=${values.changed}`, "--passWithNoTests");
  const [command, args] = pnpmCommand(["--silent", "run", "test", ...extra]);
  const code = await run(dir, command, args, path.join(ROOT, dir), prefix);
  for (const orphan of orphansSince((performance.now() - started) / 1000)) {
    leftovers.push(`${dir}: ${orphan.command}`);
    try {
      process.kill(orphan.pid, "SIGKILL");
    } catch {
      // Gone by itself meanwhile.
    }
  }
  return code;
}

/** Processes the suites left running (stopped by the runner), listed at the end. */
/** @type {string[]} */
const leftovers = [];

const selected = positionals.length ? PACKAGES.filter((p) => positionals.includes(p.dir)) : PACKAGES;
const unknown = positionals.filter((name) => !PACKAGES.some((p) => p.dir === name));
if (unknown.length) {
  console.error(
    `unknown package(s): ${unknown.join(", ")}; packages: ${PACKAGES.map((p) => p.dir).join(", ")}`,
  );
  process.exit(2);
}

let failed = false;
const started = performance.now();
/** The type check, when it runs beside the suites: awaited at the end. */
let typecheck = Promise.resolve(0);
if (positionals.length === 0 && !values.changed) {
  // The whole run: what every package's suite relies on, then the checks of the sources. The type
  // check needs no build and no database and has no timeout, so it runs in the background at the
  // lowest priority, on the cycles the suites leave idle while they wait on browsers and blocks
  // (its output, once it is done, lands in the middle of the suites' and is prefixed).
  const node = process.execPath;
  if ((await run("build front ends", node, ["scripts/build-frontends.mjs"], ROOT, false)) !== 0)
    failed = true;
  if (!failed) typecheck = pnpmStep("typecheck", ["run", "typecheck"], { background: true });
  if (!failed && (await pnpmStep("lint", ["run", "lint"])) !== 0) failed = true;
  if (!failed && (await run("scripts", node, ["--test", "scripts/"], ROOT, false)) !== 0) failed = true;
}

if (!failed) {
  // `--together=N`: how many of the packages that may share the machine run at once (1: one by one).
  const together = Math.max(1, Number(values.together) || 1);
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  const start = (/** @type {{ dir: string }} */ p, /** @type {boolean} */ prefix) => {
    const done = packageSuite(p.dir, prefix).then((code) => {
      if (code !== 0) failed = true;
      running.delete(done);
    });
    running.add(done);
  };
  for (const p of selected) {
    const alone = p.alone || together === 1;
    if (alone) await Promise.all(running);
    else while (running.size >= together) await Promise.race(running);
    start(p, !alone);
    if (alone) await Promise.all(running);
  }
  await Promise.all(running);
}
if ((await typecheck) !== 0) failed = true;

const reports = PACKAGES.map((p) => {
  const file = path.join(reportDir, `${p.dir.replaceAll("/", "_")}.json`);
  return existsSync(file) ? { dir: p.dir, report: JSON.parse(readFileSync(file, "utf8")) } : null;
}).filter((r) => r !== null);
rmSync(reportDir, { recursive: true, force: true });

if (leftovers.length)
  console.log(`\nleft running by a suite (stopped):\n${leftovers.map((l) => `  ${l}`).join("\n")}`);
console.log(
  timingTable(
    steps,
    slowestFiles(reports, ROOT, 15),
    (performance.now() - started) / 1000,
    failedTests(reports, ROOT),
  ),
);
process.exit(failed ? 1 : 0);
