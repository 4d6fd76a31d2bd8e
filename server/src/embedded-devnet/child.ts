/**
 * The embedded devnet's process: loads `@spay/devnet` (TypeScript source, a development
 * dependency, through tsx), starts it with the options it was given, reports its API and accounts
 * to the gateway over IPC, and stops when told to or when the gateway goes away. Forked by
 * ./start.ts.
 */
import type { DevnetChildCommand, DevnetChildOptions, DevnetChildReport } from "./messages.ts";

const send = process.send?.bind(process);
if (!send) throw new Error("embedded-devnet/child runs as a forked process");
const report = (message: DevnetChildReport) => send(message);

async function loadDevnet(): Promise<typeof import("@spay/devnet") | null> {
  try {
    const { tsImport } = await import("tsx/esm/api");
    return (await tsImport("@spay/devnet", import.meta.url)) as typeof import("@spay/devnet");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return null;
    throw error;
  }
}

try {
  const module = await loadDevnet();
  if (!module) {
    report({ kind: "failed", message: "devnet not installed", code: null, missing: true });
    process.disconnect();
  } else {
    const options = JSON.parse(process.env.SPAY_DEVNET_OPTIONS ?? "{}") as DevnetChildOptions;
    const devnet = await module.startDevnet({ port: options.port, blockMs: options.blockMs });
    const stop = () => void devnet.stop().finally(() => process.exit(0));
    process.on("message", (command: DevnetChildCommand) => {
      if (command.kind === "stop") stop();
    });
    // The gateway ended without saying so (killed): nothing is left to serve.
    process.on("disconnect", stop);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
    report({
      kind: "started",
      devnet: {
        url: devnet.url,
        blockMs: devnet.blockMs,
        accounts: devnet.accounts.map(({ name, address, privateKey }) => ({ name, address, privateKey })),
      },
    });
  }
} catch (error) {
  const { message, code } = error as NodeJS.ErrnoException;
  report({ kind: "failed", message: String(message ?? error), code: code ?? null, missing: false });
  process.disconnect();
}
