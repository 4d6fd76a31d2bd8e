// @ts-check
/**
 * Builds the front ends the gateway serves — the SDK's browser files, the dashboard, the docs —
 * each only when its output is missing or a file it is built from changed since its last build
 * (scripts/lib/build-stamp.mjs). Prints one line per front end. Used by `pnpm start` and
 * `pnpm bench`; run alone with `node scripts/build-frontends.mjs`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inputsDigest, staleReason, writeStamp } from "./lib/build-stamp.mjs";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What every build reads: the locked dependency versions and the shared compiler settings. */
const WORKSPACE = ["pnpm-lock.yaml", "tsconfig.json"];
/** @spay/protocol is TypeScript source that each front end compiles in. */
const PROTOCOL = ["protocol/src", "protocol/package.json"];
const SDK = ["sdk/src", "sdk/package.json", "sdk/tsconfig.json", "sdk/tsup.config.ts", ...PROTOCOL];

/**
 * @typedef {object} Frontend
 * @property {string} name      how the line it prints names it
 * @property {string} filter    its workspace package, whose `build` script makes it
 * @property {string} outDir    its output folder
 * @property {string[]} outputs files the build must leave in outDir
 * @property {string[]} inputs  files and folders it is built from, its workspace dependencies' included
 * @property {string} stampFile where its stamp is kept
 */

/** @type {Frontend[]} In build order: the dashboard imports the SDK's built files. */
export const FRONTENDS = [
  {
    name: "sdk",
    filter: "@spay/sdk",
    outDir: "sdk/dist",
    outputs: ["index.js", "spay.js"],
    inputs: [...WORKSPACE, ...SDK],
    stampFile: "sdk/node_modules/.cache/spay-build-stamp.json",
  },
  {
    name: "dashboard",
    filter: "@spay/dashboard",
    outDir: "dashboard/dist",
    outputs: ["index.html", "checkout.html"],
    inputs: [
      ...WORKSPACE,
      ...[
        ...["src", "public", "index.html", "checkout.html", "package.json", "tsconfig.json"],
        ...["vite.config.ts", "vite.checkout.config.ts"],
      ].map((f) => `dashboard/${f}`),
      ...SDK,
    ],
    stampFile: "dashboard/node_modules/.cache/spay-build-stamp.json",
  },
  {
    name: "docs-site",
    filter: "@spay/docs-site",
    outDir: "docs-site/dist",
    outputs: ["index.html", "docs/index.html"],
    inputs: [
      ...WORKSPACE,
      ...[
        ...["src", "public", "build", "scripts", "samples", "index.html", "package.json", "tsconfig.json"],
        "vite.config.ts",
      ].map((f) => `docs-site/${f}`),
      // The API reference is the OpenAPI document of the server's code (docs-site/scripts/openapi.ts).
      "server/src",
      "server/package.json",
      ...PROTOCOL,
    ],
    stampFile: "docs-site/node_modules/.cache/spay-build-stamp.json",
  },
];

/**
 * The gateway itself (`server/dist`, run by `pnpm start` as `node server/dist/main.js`), built
 * like the front ends: only when missing or stale.
 * @type {Frontend}
 */
export const SERVER_BUILD = {
  name: "server",
  filter: "@spay/server",
  outDir: "server/dist",
  outputs: ["main.js", "devnet-child.js", "cli/spay.js"],
  inputs: [
    ...WORKSPACE,
    ...["src", "package.json", "tsconfig.json", "tsup.config.ts"].map((f) => `server/${f}`),
    ...PROTOCOL,
  ],
  stampFile: "server/node_modules/.cache/spay-build-stamp.json",
};

/**
 * The pnpm that runs this script (pnpm sets npm_execpath for its scripts), else pnpm 9 through npx.
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, [execPath, ...args]] : [execPath, args];
  }
  // Run by hand (`node scripts/build-frontends.mjs`): the machine may have pnpm only through npx.
  return ["npx", ["--yes", "pnpm@9", ...args]];
}

/**
 * Runs `pnpm --filter <package> build`, its output kept and shown only if it fails.
 * @param {Frontend} frontend
 * @param {string} root
 * @returns {Promise<void>}
 */
function runBuild(frontend, root) {
  const [command, args] = pnpmCommand(["--filter", frontend.filter, "build"]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`${frontend.name}: \`pnpm --filter ${frontend.filter} build\` exited with ${code}`));
    });
  });
}

/**
 * Brings every front end up to date, in order; rejects on the first failed build.
 * @param {{ root?: string, frontends?: readonly Frontend[], log?: (line: string) => void }} [options]
 */
export async function buildFrontends({ root = REPO_ROOT, frontends = FRONTENDS, log = console.log } = {}) {
  for (const frontend of frontends) {
    // Taken before building: a file edited during the build leaves the stamp stale, never wrong.
    const digest = inputsDigest(root, frontend.inputs);
    const reason = staleReason({ root, ...frontend });
    if (reason === null) {
      log(`${frontend.name}: up to date`);
      continue;
    }
    log(`${frontend.name}: building… (${reason})`);
    const started = performance.now();
    await runBuild(frontend, root);
    writeStamp(path.join(root, frontend.stampFile), digest);
    log(`${frontend.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildFrontends().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
