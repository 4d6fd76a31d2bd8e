// @ts-check
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { orphansSince, parseOrphans } from "./leftovers.mjs";

test("an orphan started during the run is found; older ones, zombies and processes with a living parent are not", () => {
  const ps = [
    "    1     0 Ss  9000 /sbin/init",
    " 2212     1 Ss  9000 /usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
    " 4100     1 Sl   120 /usr/bin/chromium --headless --remote-debugging-pipe",
    " 4101  4100 S    120 /usr/bin/chromium --type=renderer",
    " 4200     1 Z     60 [chromium] <defunct>",
  ].join("\n");
  assert.deepEqual(parseOrphans(ps, 600), [
    { pid: 4100, seconds: 120, command: "/usr/bin/chromium --headless --remote-debugging-pipe" },
  ]);
});

test("a process whose parent exits without stopping it is found on this machine", {
  skip: process.platform !== "linux",
}, async () => {
  // The shell exits at once and leaves its background sleep to init (its output not on our pipe,
  // which would otherwise stay open until the sleep ends).
  const shell = spawn("sh", ["-c", "sleep 30 >/dev/null 2>&1 & echo $!"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
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
