import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** A `node` process started in a process group of its own, its output in a log file. */
export interface ProcessGroup {
  child: ChildProcess;
  pid: number;
  log: string;
  /** SIGTERM to the group (SIGKILL after 15 s); resolves when the leader exited. */
  stop(): Promise<void>;
}

export function startNode(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; log: string },
): ProcessGroup {
  const out = openSync(options.log, "w");
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", out, out],
    detached: true,
  });
  return {
    child,
    pid: child.pid ?? 0,
    log: options.log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const group = -(child.pid ?? 0);
        const force = setTimeout(() => process.kill(group, "SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        process.kill(group, "SIGTERM");
      }),
  };
}

/** Waits until `url` answers 2xx (the process exiting first is an error). */
export async function waitHealthy(group: ProcessGroup, url: string, timeoutMs = 120_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(250)) {
    if (group.child.exitCode !== null)
      throw new Error(`process exited with ${group.child.exitCode} (log: ${group.log})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
  }
  throw new Error(`${url} not healthy within ${timeoutMs / 1000} s (log: ${group.log})`);
}

/** The devnet as its own process (`tsx devnet/src/main.ts`), as a developer runs it. */
export function startDevnetProcess(
  port: number,
  log: string,
  env: Record<string, string> = {},
): ProcessGroup {
  return startNode(["--import", "tsx", "src/main.ts"], {
    cwd: path.join(REPO, "devnet"),
    env: { DEVNET_PORT: String(port), ...env },
    log,
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
