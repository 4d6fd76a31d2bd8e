// @ts-check
/**
 * Processes a suite left running: a browser, a devnet or a server whose parent exited without
 * stopping it is adopted by init and keeps taking CPU from every suite after it. The runner lists
 * them after each step (a suite that leaks is named the day it starts) and stops them.
 */
import { execFileSync } from "node:child_process";

/** @typedef {{ pid: number, seconds: number, command: string }} Leftover */

/**
 * Orphans (adopted by pid 1) started within the last `withinSeconds`, from
 * `ps -eo pid=,ppid=,stat=,etimes=,args=`. Zombies are left out: they have exited and take no CPU
 * (an init that does not reap, as in some containers, keeps them listed).
 * @param {string} psOutput @param {number} withinSeconds @returns {Leftover[]}
 */
export function parseOrphans(psOutput, withinSeconds) {
  /** @type {Leftover[]} */
  const found = [];
  for (const line of psOutput.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, pid, ppid, state, seconds, command] = match;
    if (Number(ppid) !== 1 || Number(seconds) > withinSeconds || state?.startsWith("Z")) continue;
    found.push({ pid: Number(pid), seconds: Number(seconds), command: (command ?? "").slice(0, 160) });
  }
  return found;
}

/** Orphans started within the last `withinSeconds` on this machine (none where `ps` is missing). */
export function orphansSince(/** @type {number} */ withinSeconds) {
  try {
    const out = execFileSync("ps", ["-eo", "pid=,ppid=,stat=,etimes=,args="], { encoding: "utf8" });
    return parseOrphans(out, withinSeconds).filter((p) => p.pid !== process.pid);
  } catch {
    return [];
  }
}
