// @ts-check
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { orphansSince, parseOrphans } from "./leftovers.mjs";

test("an orphan started during the run is found; older ones and processes with a living parent are not", () => {
  const ps = [
    "    1     0  9000 /sbin/init",
    " 2212     1  9000 /usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
    " 4100     1   120 /usr/bin/chromium --headless --remote-debugging-pipe",
    " 4101  4100   120 /usr/bin/chromium --type=renderer",
  ].join("\n");
  assert.deepEqual(parseOrphans(ps, 600), [
    { pid: 4100, seconds: 120, command: "/usr/bin/chromium --headless --remote-debugging-pipe" },
  ]);
});

test("a process whose parent exits without stopping it is found on this machine", {
  skip: process.platform !== "linux",
}, async () => {
  // The shell exits at once and leaves its background sleep to init.
  const shell = spawn("sh", ["-c", "sleep 30 & echo $!"], { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  shell.stdout.on("data", (chunk) => {
    out += chunk;
  });
  await new Promise((resolve) => shell.on("close", resolve));
  const pid = Number(out.trim());
  try {
    await sleep(100);
    assert.ok(
      orphansSince(60).some((p) => p.pid === pid),
      `sleep ${pid} is listed`,
    );
  } finally {
    process.kill(pid);
  }
});
