import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface SpayRun {
  code: number;
  stdout: string;
  stderr: string;
}

const entry = fileURLToPath(new URL("./spay.ts", import.meta.url));

/** Runs the real `spay` CLI in a child process (as `pnpm spay` does, through tsx), for tests. */
export function runSpay(args: string[], env: NodeJS.ProcessEnv = {}): Promise<SpayRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", entry, ...args],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
