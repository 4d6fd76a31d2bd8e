/**
 * CPU time and resident memory of a process and everything it started, read from /proc (Linux):
 * utime+stime of each live process in the tree (/proc/<pid>/stat) and VmRSS (/proc/<pid>/status).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in seconds. */
  cpuSeconds: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // exited meanwhile
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields follow the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { pid, ppid, cpuSeconds: (utime + stime) / CLOCK_TICKS_PER_SECOND };
}

/** `root` and its descendants, as they are now. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(stat.pid);
    children.set(stat.ppid, list);
  }
  const tree: number[] = [];
  for (const queue = [root]; queue.length > 0; ) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** CPU seconds used so far by each process of the tree, by pid. */
export function treeCpuSeconds(root: number): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of processTree(root)) {
    const stat = readStat(pid);
    if (stat) times.set(pid, stat.cpuSeconds);
  }
  return times;
}

/** VmRSS in MiB of one process (0 when it is gone). */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** VmRSS in MiB summed over the tree. */
export function treeRssMiB(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssMiB(pid), 0);
}

/**
 * Percent of one core the tree used over `seconds`: CPU time of the processes alive at both ends
 * (a process started in between counts from zero).
 */
export async function measureTreeCpu(
  root: number,
  seconds: number,
): Promise<{ percent: number; byPid: Map<number, number> }> {
  const before = treeCpuSeconds(root);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = treeCpuSeconds(root);
  const elapsed = (performance.now() - started) / 1000;
  const byPid = new Map<number, number>();
  let used = 0;
  for (const [pid, cpu] of after) {
    const delta = cpu - (before.get(pid) ?? 0);
    byPid.set(pid, (100 * delta) / elapsed);
    used += delta;
  }
  return { percent: (100 * used) / elapsed, byPid };
}
