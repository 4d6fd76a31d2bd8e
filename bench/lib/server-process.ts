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

/** Starts `@spay/server` as its own process (as in production) and waits for /health. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
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
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy in 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
