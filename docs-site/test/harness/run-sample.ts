import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const SAMPLES_DIR = fileURLToPath(new URL("../../samples/", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

/** How a sample file runs: shell samples with bash, TypeScript with tsx — as a reader would. */
function command(sample: string): [string, string[]] {
  const file = `${SAMPLES_DIR}${sample}`;
  if (sample.endsWith(".sh")) return ["bash", [file]];
  if (sample.endsWith(".ts")) return [TSX, [file]];
  throw new Error(`Don't know how to run ${sample}`);
}

/** A sample process: its output so far, and a way to wait for a line or its end. */
export interface RunningSample {
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  stop(): void;
}

/** Starts a sample with `env` added to this process's environment (PATH and so on). */
export function startSample(sample: string, env: Record<string, string>): RunningSample {
  const [cmd, args] = command(sample);
  const child: ChildProcess = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    output: () => out,
    exited,
    stop: () => {
      child.kill("SIGTERM");
    },
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${sample}: no ${pattern} within ${timeoutMs} ms. Output:\n${out}`));
        }, timeoutMs);
        const ended = () => {
          if (out.match(pattern)) return check();
          cleanup();
          reject(new Error(`${sample} exited without ${pattern}. Output:\n${out}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", ended);
        };
        listeners.add(check);
        child.on("exit", ended);
        check();
      });
    },
  };
}

/** Runs a sample to its end; fails with its output when it exits non-zero. */
export async function runSample(sample: string, env: Record<string, string>): Promise<string> {
  const running = startSample(sample, env);
  const code = await running.exited;
  if (code !== 0) throw new Error(`${sample} exited with ${code}. Output:\n${running.output()}`);
  return running.output();
}

/** Runs a sample whose output is one JSON document (the curl samples). */
export async function runJsonSample<T = Record<string, unknown>>(
  sample: string,
  env: Record<string, string>,
): Promise<T> {
  const out = await runSample(sample, env);
  try {
    return JSON.parse(out) as T;
  } catch {
    throw new Error(`${sample} did not print JSON:\n${out}`);
  }
}
