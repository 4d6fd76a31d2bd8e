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
 *
 * docs/testing.md describes the layout and the budget.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pnpmCommand } from "./build-frontends.mjs";
import { slowestFiles, timingTable } from "./lib/timing.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The packages with a test suite, in the order they run. With `--lanes=2` two lanes run side by
 * side (the server then the light packages; the browser-heavy dashboard and SDK): on 2 cores that
 * oversubscribes (each suite already runs two workers), so one lane is the default.
 * @type {{ lane: 0 | 1, dir: string }[]}
 */
export const PACKAGES = [
  { lane: 0, dir: "server" },
  { lane: 1, dir: "protocol" },
  { lane: 1, dir: "devnet" },
  { lane: 1, dir: "dashboard" },
  { lane: 1, dir: "sdk" },
  { lane: 0, dir: "docs-site" },
  { lane: 0, dir: "examples/html-storefront" },
  { lane: 0, dir: "examples/react-storefront" },
  { lane: 0, dir: "examples/webhook-receiver" },
  { lane: 0, dir: "examples/x402-agent" },
  { lane: 0, dir: "interop" },
  { lane: 0, dir: "e2e" },
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    changed: { type: "string", default: undefined },
    lanes: { type: "string", default: "1" },
  },
  args: normalizeChanged(process.argv.slice(2)),
});

/** `--changed` alone means "since the last commit"; parseArgs wants a value for a string option. */
function normalizeChanged(/** @type {string[]} */ args) {
  return args.map((arg) => (arg === "--changed" ? "--changed=HEAD" : arg));
}

const reportDir = mkdtempSync(path.join(tmpdir(), "spay-test-report-"));
/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const steps = [];

/**
 * Runs a command in `cwd`, its output streamed with a `[name]` prefix per line when lanes run at
 * once; resolves with its exit code.
 * @param {string} name @param {string} command @param {string[]} args @param {string} cwd @param {boolean} prefix
 */
function run(name, command, args, cwd, prefix) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: process.env });
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
      steps.push({ name, seconds, ok: code === 0 });
      resolve(code ?? 1);
    });
  });
}

/** @param {string} name @param {string[]} pnpmArgs */
const pnpmStep = (name, pnpmArgs) => {
  const [command, args] = pnpmCommand(pnpmArgs);
  return run(name, command, args, ROOT, false);
};

/**
 * One package's suite: its own `test` script (which builds what it needs first), with a JSON
 * report beside the usual output. With `--changed`, only the files related to the changes.
 * @param {string} dir @param {boolean} prefix
 */
function packageSuite(dir, prefix) {
  const report = path.join(reportDir, `${dir.replaceAll("/", "_")}.json`);
  const extra = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  if (values.changed) extra.push(`--changed=${values.changed}`, "--passWithNoTests");
  const [command, args] = pnpmCommand(["--silent", "run", "test", ...extra]);
  return run(dir, command, args, path.join(ROOT, dir), prefix);
}

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
if (positionals.length === 0 && !values.changed) {
  // The whole run: what every package's suite relies on, then the checks of the sources.
  const node = process.execPath;
  if ((await run("build front ends", node, ["scripts/build-frontends.mjs"], ROOT, false)) !== 0)
    failed = true;
  if (!failed && (await pnpmStep("typecheck", ["run", "typecheck"])) !== 0) failed = true;
  if (!failed && (await pnpmStep("lint", ["run", "lint"])) !== 0) failed = true;
  if (!failed && (await run("scripts", node, ["--test", "scripts/"], ROOT, false)) !== 0) failed = true;
}

if (!failed) {
  const lanes = Math.max(1, Number(values.lanes) || 1);
  /** @type {Promise<void>[]} */
  const running = [];
  for (let lane = 0; lane < lanes; lane++) {
    const mine = selected.filter((p) => (lanes === 1 ? true : p.lane === lane));
    running.push(
      (async () => {
        for (const p of mine) if ((await packageSuite(p.dir, lanes > 1)) !== 0) failed = true;
      })(),
    );
  }
  await Promise.all(running);
}

const reports = PACKAGES.map((p) => {
  const file = path.join(reportDir, `${p.dir.replaceAll("/", "_")}.json`);
  return existsSync(file) ? { dir: p.dir, report: JSON.parse(readFileSync(file, "utf8")) } : null;
}).filter((r) => r !== null);
rmSync(reportDir, { recursive: true, force: true });

console.log(timingTable(steps, slowestFiles(reports, ROOT, 15), (performance.now() - started) / 1000));
process.exit(failed ? 1 : 0);
