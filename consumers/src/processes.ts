/** Merchant code run as a merchant runs it: `tsx <file>` in its project, a process of its own. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { projectBin } from "./packed-project.ts";

/** A free port on loopback, for a program that takes its port from `PORT`. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface RunningProgram {
  output(): string;
  stop(): void;
}

/** `tsx [--import preload] <file>` in `dir`, with only `env` beside PATH and HOME; output collected. */
function spawnTsx(dir: string, file: string, env: Record<string, string>, preload?: string) {
  const child: ChildProcess = spawn(
    projectBin(dir, "tsx"),
    [...(preload ? ["--import", preload] : []), file],
    {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const collect = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return { child, output: () => output };
}

/**
 * Starts `tsx <file>` in `dir` and resolves once its output matches `ready` (its listening line),
 * or rejects with what it printed when it exits or stays silent for 30 s.
 */
export async function startProgram(
  dir: string,
  file: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<RunningProgram> {
  const { child, output } = spawnTsx(dir, file, env);
  const deadline = Date.now() + 30_000;
  while (!ready.test(output())) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`${file} did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { output, stop: () => child.kill("SIGTERM") };
}

/** Runs `tsx <file>` in `dir` to its end; resolves with its exit code and output. */
export function runProgram(
  dir: string,
  file: string,
  env: Record<string, string>,
  { preload }: { preload?: string } = {},
): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnTsx(dir, file, env, preload);
  const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    }),
  );
}
