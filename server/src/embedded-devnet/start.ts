/**
 * The embedded devnet in a process of its own. Its Clarity VM (WebAssembly) starts on the second
 * core while the gateway opens its database, mining a block never holds up an API request on the
 * gateway's event loop, and it runs with V8's baseline WebAssembly compiler only
 * (`--liftoff-only`): the VM boots in about two thirds of the time and mines as fast (measured in
 * bench/RESULTS.md), while the gateway's own WebAssembly (PGlite) keeps the optimizing tier.
 * The process answers once: started (with its API and accounts) or failed.
 */
import { fork } from "node:child_process";
import type { DevnetChildCommand, DevnetChildOptions, DevnetChildReport, DevnetSummary } from "./messages.ts";

export interface EmbeddedDevnet extends DevnetSummary {
  stop(): Promise<void>;
}

/** Why the devnet could not start: `code` as a listen error carries it (EADDRINUSE…). */
export class DevnetStartError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly missing: boolean,
  ) {
    super(message);
  }
}

/** Built: dist/devnet-child.js beside dist/main.js. From source (tsx): ./child.ts, tsx's loader inherited. */
function childModule(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith(".ts")
    ? { url: new URL("./child.ts", import.meta.url), execArgv: process.execArgv }
    : { url: new URL("./devnet-child.js", import.meta.url), execArgv: [] };
}

export function startDevnetProcess(options: DevnetChildOptions): Promise<EmbeddedDevnet> {
  const { url, execArgv } = childModule();
  const child = fork(url, [], {
    execArgv: [...execArgv, "--liftoff-only"],
    env: { ...process.env, SPAY_DEVNET_OPTIONS: JSON.stringify(options) },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let started = false;
    child.on("message", (message: DevnetChildReport) => {
      if (message.kind === "failed") {
        reject(new DevnetStartError(message.message, message.code, message.missing));
      } else if (message.kind === "started") {
        started = true;
        resolve({
          ...message.devnet,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null && child.connected)
              child.send({ kind: "stop" } satisfies DevnetChildCommand);
            await exited;
          },
        });
      }
    });
    child.on("error", (error) => {
      if (started) console.error("[devnet] process failed:", error);
      else reject(error);
    });
    child.on("exit", (code, signal) => {
      if (!started) reject(new DevnetStartError(`devnet process exited with ${code ?? signal}`, null, false));
      else if (code !== 0) console.error(`[devnet] process exited with ${code ?? signal}`);
    });
  });
}
