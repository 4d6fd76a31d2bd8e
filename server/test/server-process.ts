import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./gateway.ts";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Its stdout and stderr lines (the fault tests read the watcher's warnings). */
  logs: string[];
  /** kill -9: no shutdown hooks, connections cut mid-flight. */
  crash(): void;
  stop(): Promise<void>;
}

/**
 * Runs the real server entry point as its own OS process against the given database, on a port
 * the OS reports free (a random pick could land on a load generator's ephemeral client port).
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      SPAY_DEVNET: "off",
      SPAY_STACKS_API_URL: "http://127.0.0.1:9",
      SPAY_FX_SOURCE: "fixed:100000",
      SPAY_STX_FX_SOURCE: "fixed:0.5",
      SPAY_RATE_LIMIT_KEY_RPS: "0",
      SPAY_RATE_LIMIT_IP_RPS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${logs.slice(-20).join("\n")}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    logs,
    crash: () => child.kill("SIGKILL"),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
