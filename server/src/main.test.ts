/**
 * The built server (`pnpm --filter @spay/server build` → dist/main.js) as production runs it: plain
 * `node`, no tsx, its npm dependencies only — the devnet is a development option — and a setting to
 * change reported in one line.
 */
import { execFile, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Devnet, startDevnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/gateway.ts";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

interface Metafile {
  outputs: Record<
    string,
    { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }
  >;
}

/** A folder holding the build and a node_modules with the named packages of the server's install. */
async function install(root: string, dist: string, packages: string[]): Promise<string> {
  await mkdir(root, { recursive: true });
  await cp(dist, path.join(root, "dist"), { recursive: true });
  await cp(path.join(SERVER_DIR, "package.json"), path.join(root, "package.json"));
  for (const name of packages) {
    const link = path.join(root, "node_modules", name);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(await realpath(path.join(SERVER_DIR, "node_modules", name)), link, "dir");
  }
  return root;
}

interface Run {
  /** Exit code (after SIGTERM once healthy: the shutdown's). */
  code: number | null;
  /** Whether /health answered 200 before the process ended. */
  healthy: boolean;
  stderr: string;
}

/** Runs `node dist/main.js` in `dir` with only the given settings, until /health answers 200 or it exits. */
async function runServer(dir: string, env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", SPAY_FX_SOURCE: "fixed:100000", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  let ended = false;
  void closed.then(() => {
    ended = true;
  });
  let healthy = false;
  while (!ended && !healthy) {
    const status = await fetch(`http://127.0.0.1:${env.PORT}/health`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (r) => r.status,
      () => 0,
    );
    healthy = status === 200;
    if (healthy) child.kill("SIGTERM");
    else await Promise.race([closed, delay(100)]);
  }
  return { code: await closed, healthy, stderr: stderr.trim() };
}

async function holdPort(): Promise<Server> {
  // Hangs up on whoever connects: the port is taken, nothing answers on it.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, resolve));
  return holder;
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

/**
 * A start opens PGlite and migrates it: a few seconds on an idle machine, a minute on a loaded
 * 2-core CI runner.
 */
const START_TIMEOUT_MS = 120_000;

describe.skipIf(process.env.SPAY_TEST_DB === "postgres")(
  "the built server",
  { timeout: START_TIMEOUT_MS },
  () => {
    let work: string;
    let metafile: Metafile;
    /** The production install: the server's npm dependencies, no devnet, no tsx. */
    let production: string;
    /** A development install: the same build with the devnet and tsx beside it. */
    let development: string;
    let devnet: Devnet;

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), "spay-built-"));
      const dist = path.join(work, "build");
      const tsup = path.join(SERVER_DIR, "node_modules", ".bin", "tsup");
      const started = startDevnet({ port: 0, blockMs: 0 });
      await promisify(execFile)(tsup, ["--out-dir", dist, "--metafile", "--silent"], { cwd: SERVER_DIR });
      metafile = JSON.parse(await readFile(path.join(dist, "metafile-esm.json"), "utf8")) as Metafile;
      const manifest = JSON.parse(await readFile(path.join(SERVER_DIR, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      // Workspace packages are bundled into dist: not installed beside it.
      const npmDependencies = Object.entries(manifest.dependencies)
        .filter(([, version]) => !version.startsWith("workspace:"))
        .map(([name]) => name);
      production = await install(path.join(work, "production"), dist, npmDependencies);
      development = await install(path.join(work, "development"), dist, [
        ...npmDependencies,
        "@spay/devnet",
        "tsx",
      ]);
      devnet = await started;
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await devnet?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it("imports neither the devnet nor its Clarity VM; tsx only in the devnet's process, to load it", () => {
      const output = (file: string) =>
        metafile.outputs[path.relative(SERVER_DIR, path.join(work, "build", file))];
      const child = output("devnet-child.js");
      expect(output("main.js")).toBeDefined();
      expect(child).toBeDefined();
      const cliFile = path.relative(SERVER_DIR, path.join(work, "build", "cli", "spay.js"));
      for (const [file, built] of Object.entries(metafile.outputs)) {
        expect(
          built.imports.filter((i) => /@spay\/devnet|clarinet/.test(i.path)),
          file,
        ).toEqual([]);
        // The CLI bundles the devnet's list of test accounts (keys and addresses), not its chain.
        if (file !== cliFile)
          expect(
            Object.keys(built.inputs).filter((input) => input.includes("devnet/src/")),
            file,
          ).toEqual([]);
        if (built !== child)
          expect(
            built.imports.filter((i) => i.path.startsWith("tsx")),
            file,
          ).toEqual([]);
      }
      expect(child?.imports.filter((i) => i.path.startsWith("tsx")).map((i) => i.kind)).toEqual([
        "dynamic-import",
      ]);
      const cli = output(path.join("cli", "spay.js"));
      expect(cli?.imports.filter((i) => /@spay\/devnet|clarinet|^hono/.test(i.path))).toEqual([]);
    });

    it("is installed without the devnet", async () => {
      const load = promisify(execFile)(
        process.execPath,
        ["--input-type=module", "-e", 'await import("@spay/devnet")'],
        { cwd: path.join(production, "dist") },
      );
      await expect(load).rejects.toThrow(/ERR_MODULE_NOT_FOUND/);
    });

    it("serves /health with plain node against an external chain, on PGlite", async () => {
      const run = await runServer(production, {
        PORT: String(await freePort()),
        SPAY_DATA_DIR: path.join(work, "data-health"),
        SPAY_STACKS_API_URL: devnet.url,
      });
      expect(run.stderr).toBe("");
      expect(run.healthy).toBe(true);
    });

    it("asked for the embedded devnet it does not have, says so in one line naming SPAY_DEVNET", async () => {
      const run = await runServer(production, {
        PORT: String(await freePort()),
        SPAY_DATA_DIR: path.join(work, "data-no-devnet"),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^sPay: the embedded devnet is not installed .* set SPAY_DEVNET=off\b[^\n]*$/,
      );
    });

    it("a taken PORT ends the start with one line naming PORT", async () => {
      const holder = await holdPort();
      try {
        const run = await runServer(production, {
          PORT: String(portOf(holder)),
          SPAY_DATA_DIR: path.join(work, "data-port"),
          SPAY_STACKS_API_URL: devnet.url,
        });
        expect(run).toEqual({
          code: 1,
          healthy: false,
          stderr: `sPay: port ${portOf(holder)} is in use — set PORT to a free port`,
        });
      } finally {
        holder.close();
      }
    });

    it("a taken DEVNET_PORT ends the start with one line naming DEVNET_PORT", async () => {
      const holder = await holdPort();
      try {
        const run = await runServer(development, {
          PORT: String(await freePort()),
          DEVNET_PORT: String(portOf(holder)),
          SPAY_DATA_DIR: path.join(work, "data-devnet-port"),
        });
        expect(run).toEqual({
          code: 1,
          healthy: false,
          stderr: `sPay: port ${portOf(holder)} is in use — set DEVNET_PORT to a free port`,
        });
      } finally {
        holder.close();
      }
    });

    it("a bad setting ends the start with one line naming it", async () => {
      const run = await runServer(production, { PORT: "eighty", SPAY_STACKS_API_URL: devnet.url });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^sPay: set PORT to a valid value \([^\n]*\)$/);
    });
  },
);
