// @ts-check
/**
 * The timing table printed at the end of every test run: each step's wall time and the slowest
 * test files, read from vitest's JSON reports. A report to read, never a check that fails.
 */
import path from "node:path";

/**
 * @typedef {{ name: string, startTime?: number, endTime?: number, assertionResults?: unknown[] }} FileResult
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

/** @param {number} seconds */
export function formatDuration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, "0")} s`;
}

/**
 * @param {{ name: string, seconds: number, ok: boolean }[]} steps  in the order they finished
 * @param {FileTiming[]} slowest
 * @param {number} totalSeconds  wall time of the whole run (steps in lanes overlap)
 */
export function timingTable(steps, slowest, totalSeconds) {
  const width = Math.max(12, ...steps.map((s) => s.name.length), ...slowest.map((f) => f.file.length));
  const lines = ["", "Timing", "", `${"step".padEnd(width)}  ${"wall".padStart(10)}  result`];
  for (const step of steps)
    lines.push(
      `${step.name.padEnd(width)}  ${formatDuration(step.seconds).padStart(10)}  ${step.ok ? "ok" : "FAILED"}`,
    );
  lines.push(`${"total".padEnd(width)}  ${formatDuration(totalSeconds).padStart(10)}`);
  if (slowest.length) {
    lines.push("", `${`slowest ${slowest.length} test files`.padEnd(width)}  ${"time".padStart(10)}  tests`);
    for (const f of slowest)
      lines.push(`${f.file.padEnd(width)}  ${formatDuration(f.seconds).padStart(10)}  ${f.tests}`);
  }
  return lines.join("\n");
}
