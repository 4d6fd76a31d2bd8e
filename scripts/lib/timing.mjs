// @ts-check
/**
 * The timing table printed at the end of every test run: each step's wall time and the slowest
 * test files, read from vitest's JSON reports. A report to read, never a check that fails.
 */
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/**
 * @typedef {{ fullName?: string, title?: string, status?: string, failureMessages?: string[] }} AssertionResult
 * @typedef {{ name: string, startTime?: number, endTime?: number, status?: string, message?: string, assertionResults?: AssertionResult[] }} FileResult
 * @typedef {{ testResults?: FileResult[] }} VitestReport
 * @typedef {{ file: string, seconds: number, tests: number }} FileTiming
 */

/**
 * The `limit` slowest files across the packages' reports; a file run by two projects (the server's
 * engines) appears once per run.
 * @param {{ dir: string, report: VitestReport }[]} reports
 * @param {string} root
 * @param {number} limit
 * @returns {FileTiming[]}
 */
export function slowestFiles(reports, root, limit) {
  /** @type {FileTiming[]} */
  const files = [];
  for (const { report } of reports) {
    for (const result of report.testResults ?? []) {
      if (typeof result.startTime !== "number" || typeof result.endTime !== "number") continue;
      files.push({
        file: path.relative(root, result.name),
        seconds: Math.max(0, (result.endTime - result.startTime) / 1000),
        tests: result.assertionResults?.length ?? 0,
      });
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, limit);
}

/**
 * Every failed test across the packages' reports, as `file > test` and the first line of its
 * error: printed last, so the end of a long log (all CI keeps of it) says what went red.
 * A file that failed without a failed test (it did not load, a hook threw) is listed with its error.
 * @param {{ dir: string, report: VitestReport }[]} reports
 * @param {string} root
 * @returns {{ test: string, error: string }[]}
 */
export function failedTests(reports, root) {
  /** @type {{ test: string, error: string }[]} */
  const failed = [];
  const firstLine = (/** @type {string | undefined} */ text) =>
    stripVTControlCharacters(text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? "";
  for (const { report } of reports) {
    for (const file of report.testResults ?? []) {
      const where = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of tests)
        failed.push({
          test: `${where} > ${t.fullName ?? t.title ?? "?"}`,
          error: firstLine(t.failureMessages?.[0]),
        });
      if (tests.length === 0 && file.status === "failed")
        failed.push({ test: where, error: firstLine(file.message) });
    }
  }
  return failed;
}

/** @param {number} seconds */
export function formatDuration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, "0")} s`;
}

/**
 * How busy the machine's cores were between two readings of `os.cpus()`, 0–100 %: a step that
 * leaves them idle waits (on a browser, a block, a timer) and can share the machine.
 * @param {import("node:os").CpuInfo[]} before @param {import("node:os").CpuInfo[]} after
 */
export function busyPercent(before, after) {
  let busy = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const was = before[i]?.times;
    if (!was) return;
    const spent = (/** @type {import("node:os").CpuInfo["times"]} */ t) => t.user + t.nice + t.sys + t.irq;
    const all = (/** @type {import("node:os").CpuInfo["times"]} */ t) => spent(t) + t.idle;
    busy += spent(cpu.times) - spent(was);
    total += all(cpu.times) - all(was);
  });
  return total > 0 ? Math.round((busy / total) * 100) : 0;
}

/**
 * @param {{ name: string, seconds: number, ok: boolean, busy?: number }[]} steps  in the order they finished
 * @param {FileTiming[]} slowest
 * @param {number} totalSeconds  wall time of the whole run (steps in lanes overlap)
 * @param {{ test: string, error: string }[]} [failed]
 */
export function timingTable(steps, slowest, totalSeconds, failed = []) {
  const width = Math.max(12, ...steps.map((s) => s.name.length), ...slowest.map((f) => f.file.length));
  const lines = [
    "",
    "Timing",
    "",
    `${"step".padEnd(width)}  ${"wall".padStart(10)}  ${"cpu".padStart(5)}  result`,
  ];
  for (const step of steps)
    lines.push(
      `${step.name.padEnd(width)}  ${formatDuration(step.seconds).padStart(10)}  ${(step.busy === undefined ? "" : `${step.busy} %`).padStart(5)}  ${step.ok ? "ok" : "FAILED"}`,
    );
  lines.push(`${"total".padEnd(width)}  ${formatDuration(totalSeconds).padStart(10)}`);
  if (slowest.length) {
    lines.push("", `${`slowest ${slowest.length} test files`.padEnd(width)}  ${"time".padStart(10)}  tests`);
    for (const f of slowest)
      lines.push(`${f.file.padEnd(width)}  ${formatDuration(f.seconds).padStart(10)}  ${f.tests}`);
  }
  if (failed.length) {
    lines.push("", `failed tests (${failed.length})`);
    for (const f of failed) lines.push(`  ${f.test}`, `      ${f.error}`);
  }
  return lines.join("\n");
}
