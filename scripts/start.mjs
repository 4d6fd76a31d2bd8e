// @ts-check
/**
 * `pnpm start`: builds the front ends and the gateway where missing or stale
 * (scripts/build-frontends.mjs), then runs the built gateway (`node server/dist/main.js`) until
 * it exits, passing it the signals this process receives.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildFrontends, FRONTENDS, REPO_ROOT, SERVER_BUILD } from "./build-frontends.mjs";

try {
  await buildFrontends({ frontends: [...FRONTENDS, SERVER_BUILD] });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(REPO_ROOT, "server/dist/main.js")], {
  cwd: REPO_ROOT,
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? REPO_ROOT },
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => server.kill(signal));
}
server.on("error", (error) => {
  console.error(error.message);
  process.exit(1);
});
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
