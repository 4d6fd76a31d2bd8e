// @ts-check
// node --test scripts/
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDuration, slowestFiles, timingTable } from "./timing.mjs";

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
