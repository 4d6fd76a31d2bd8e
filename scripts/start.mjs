// @ts-check
/**
 * `pnpm start`: builds the front ends that are missing or stale (scripts/build-frontends.mjs),
 * then runs the gateway (`pnpm --filter @spay/server start`) until it exits, passing it the
 * signals this process receives.
 */
import { spawn } from "node:child_process";
import { buildFrontends, pnpmCommand, REPO_ROOT } from "./build-frontends.mjs";

try {
  await buildFrontends();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const [command, args] = pnpmCommand(["--filter", "@spay/server", "start"]);
const server = spawn(command, args, { cwd: REPO_ROOT, stdio: "inherit" });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => server.kill(signal));
}
server.on("error", (error) => {
  console.error(error.message);
  process.exit(1);
});
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
