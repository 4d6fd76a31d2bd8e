// @ts-check
// node --test scripts/
import assert from "node:assert/strict";
import { test } from "node:test";
import { busyPercent, failedTests, formatDuration, slowestFiles, timingTable } from "./timing.mjs";

const report = (/** @type {[string, number][]} */ files) => ({
  testResults: files.map(([name, seconds]) => ({
    name: `/repo/${name}`,
    startTime: 1_000,
    endTime: 1_000 + seconds * 1000,
    assertionResults: [{}, {}],
  })),
});

test("the slowest files come first, across packages, cut at the limit", () => {
  const slowest = slowestFiles(
    [
      {
        dir: "server",
        report: report([
          ["server/a.test.ts", 3],
          ["server/b.test.ts", 40],
        ]),
      },
      { dir: "sdk", report: report([["sdk/c.test.ts", 12]]) },
    ],
    "/repo",
    2,
  );
  assert.deepEqual(
    slowest.map((f) => [f.file, f.seconds, f.tests]),
    [
      ["server/b.test.ts", 40, 2],
      ["sdk/c.test.ts", 12, 2],
    ],
  );
});

test("a file without times (it failed to load) is left out, not shown as 0 s", () => {
  assert.deepEqual(
    slowestFiles([{ dir: "x", report: { testResults: [{ name: "/repo/x.test.ts" }] } }], "/repo", 5),
    [],
  );
});

test("the table names every step with its wall time and result, then the total", () => {
  const table = timingTable(
    [
      { name: "typecheck", seconds: 42, ok: true },
      { name: "server", seconds: 512.4, ok: false },
    ],
    [],
    600,
  );
  assert.match(table, /typecheck\s+42\.0 s\s+ok/);
  assert.match(table, /server\s+8 min 32 s\s+FAILED/);
  assert.match(table, /total\s+10 min 00 s/);
});

test("durations read as seconds under a minute, minutes and seconds above", () => {
  assert.equal(formatDuration(9.25), "9.3 s");
  assert.equal(formatDuration(61), "1 min 01 s");
});

test("failed tests are listed last with the first line of their error; a file that failed to load is listed too", () => {
  const failed = failedTests(
    [
      {
        dir: "dashboard",
        report: {
          testResults: [
            {
              name: "/repo/dashboard/a.test.ts",
              status: "failed",
              assertionResults: [
                {
                  fullName: "walk > payments holds its layout",
                  status: "failed",
                  failureMessages: ["\nAssertionError: overflow\n    at x"],
                },
                { fullName: "walk > home holds its layout", status: "passed" },
              ],
            },
            {
              name: "/repo/dashboard/b.test.ts",
              status: "failed",
              message: "Error: hook timed out\nstack",
              assertionResults: [],
            },
            { name: "/repo/dashboard/c.test.ts", status: "passed", assertionResults: [] },
          ],
        },
      },
    ],
    "/repo",
  );
  assert.deepEqual(failed, [
    { test: "dashboard/a.test.ts > walk > payments holds its layout", error: "AssertionError: overflow" },
    { test: "dashboard/b.test.ts", error: "Error: hook timed out" },
  ]);
  assert.match(
    timingTable([], [], 1, failed),
    /failed tests \(2\)\n {2}dashboard\/a\.test\.ts > walk > payments holds its layout\n {6}AssertionError: overflow/,
  );
});

test("busy is the share of core time not idle between two readings", () => {
  const cpu = (/** @type {number} */ user, /** @type {number} */ idle) => ({
    model: "",
    speed: 0,
    times: { user, nice: 0, sys: 0, idle, irq: 0 },
  });
  assert.equal(busyPercent([cpu(0, 0), cpu(0, 0)], [cpu(100, 0), cpu(0, 100)]), 50);
  assert.equal(busyPercent([cpu(10, 10)], [cpu(10, 110)]), 0);
});
