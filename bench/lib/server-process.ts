import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SERVER_MAIN = fileURLToPath(new URL("../../server/src/main.ts", import.meta.url));

export interface ServerProcess {
  url: string;
  /** The server process's id (its memory is in /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a Node entry (`node --import tsx <main>`) as its own process with `env` on a random port
 * (`PORT`) and waits for its /health. Shared by the gateway, an older checkout's gateway and the
 * hot path's floor server.
 */
export async function startNodeProcess(
  main: string,
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number; name?: string } = {},
): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const name = options.name ?? "server";
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the process under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", main], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_TIMEOUT_S waits longer on a loaded machine (tsx compiles the server as it starts).
  const timeoutMs = options.timeoutMs ?? Number(process.env.BENCH_START_TIMEOUT_S ?? 60) * 1000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`${name} did not become healthy in ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Starts `@spay/server` as its own process (as in production) and waits for /health; `main` runs
 * another checkout's server instead (its own folder as the working directory).
 */
export function startServerProcess(env: Record<string, string>, main = SERVER_MAIN): Promise<ServerProcess> {
  return startNodeProcess(
    main,
    {
      SPAY_DATA_DIR: mkdtempSync(path.join(tmpdir(), "spay-bench-")),
      SPAY_RATE_LIMIT_KEY_RPS: "0",
      SPAY_RATE_LIMIT_IP_RPS: "0",
      SPAY_RATE_LIMIT_AUTH_PER_MIN: "0",
      SPAY_WALLET_CHALLENGES_PER_MIN: "0",
      SPAY_FX_SOURCE: "fixed:100000",
      SPAY_SCRYPT_LOG2N: "14",
      SPAY_DEVNET: "off",
      SPAY_WATCHER: "off",
      ...env,
    },
    main === SERVER_MAIN ? {} : { cwd: path.dirname(path.dirname(main)) },
  );
}
