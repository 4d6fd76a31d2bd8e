/**
 * A merchant's project, made as a merchant makes one: the publishable packages packed with
 * `pnpm pack` (which applies each package's `publishConfig`), then installed with plain `npm` from
 * those tarballs and the registry into an empty folder outside the workspace — no workspace links,
 * no `workspace:` versions, no parent `node_modules` to fall back on.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Where the projects and tarballs go: the system's memory-backed folder when it has one (npm
 * writes about 900 MB of packages for the two projects; on disk that was most of their install
 * time), else its temp folder. Either is outside the workspace.
 */
const SCRATCH = existsSync("/dev/shm") && process.env.SPAY_CONSUMERS_ON_DISK !== "1" ? "/dev/shm" : tmpdir();

/** The code each project runs besides the docs' samples: paid APIs and paying agents. */
const PROJECT_CODE = fileURLToPath(new URL("../projects", import.meta.url));

/** The packages sPay publishes to npm, by workspace folder; every other package is private. */
export const PUBLISHED = [
  { name: "@spay/sdk", dir: "sdk", builtFile: "dist/index.js" },
  { name: "@spay/protocol", dir: "protocol", builtFile: "dist/index.js" },
] as const;

export type PublishedName = (typeof PUBLISHED)[number]["name"];

/**
 * The two projects a merchant makes, and what each installs from the registry beside the
 * tarballs: the frameworks and clients the docs' samples use. Versions are the ones the workspace
 * pins for the same packages (`workspaceVersion`), so these projects meet what the rest of the
 * suite tests against.
 * - `shop`: the merchant's web shop and paid API (React with Vite, Express 5, Hono, fetch handlers).
 * - `agent`: the other side of x402, an agent paying per call with x402-stacks' client or
 *   `@x402/fetch` with sPay's scheme. It is a project of its own because x402-stacks asks for
 *   Express 4 as a peer, which an Express 5 shop cannot install beside it.
 */
export const PROJECTS = {
  shop: {
    versionsFrom: ["sdk", "dashboard", "interop", "."],
    packages: ["@spay/sdk", "@spay/protocol"] as PublishedName[],
    dependencies: [
      "react",
      "react-dom",
      "express",
      "hono",
      "@hono/node-server",
      "@stacks/transactions",
      "@x402/core",
    ],
    devDependencies: [
      "typescript",
      "tsx",
      "vite",
      "@vitejs/plugin-react",
      "@types/node",
      "@types/react",
      "@types/react-dom",
      "@types/express",
    ],
  },
  agent: {
    versionsFrom: ["interop", "sdk", "."],
    packages: ["@spay/sdk"] as PublishedName[],
    dependencies: ["@x402/core", "@x402/fetch", "x402-stacks", "express"],
    // Type-checked with the shop's `tsc` (the same version): one TypeScript install is enough.
    devDependencies: ["tsx", "@types/node", "@types/express"],
  },
};

export type ProjectKind = keyof typeof PROJECTS;

/** The version the workspace pins for `name`: the first of `dirs`' manifests that lists it. */
export async function workspaceVersion(name: string, dirs: readonly string[]): Promise<string> {
  for (const dir of dirs) {
    const file = path.join(REPO_ROOT, dir, "package.json");
    const manifest = JSON.parse(await readFile(file, "utf8")) as Record<string, Record<string, string>>;
    for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
      const version = manifest[field]?.[name];
      if (version && !version.startsWith("workspace:")) return version;
    }
  }
  throw new Error(`no workspace manifest pins ${name}`);
}

/** Packs one published package with `pnpm pack` into `into`, an empty folder; resolves with the tarball's path. */
export async function pack(pkg: (typeof PUBLISHED)[number], into: string): Promise<string> {
  const dir = path.join(REPO_ROOT, pkg.dir);
  // The SDK's build is the front-end build (`scripts/build-frontends.mjs`); the protocol's runs
  // in its `prepack`. A tarball without its build would install and then fail to import.
  if (pkg.dir === "sdk" && !existsSync(path.join(dir, pkg.builtFile)))
    throw new Error(`${pkg.dir}/${pkg.builtFile} is missing: run \`node scripts/build-frontends.mjs\``);
  await run("npx", ["-y", "pnpm@9", "pack", "--pack-destination", into], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  const made = (await readdir(into)).filter((f) => f.endsWith(".tgz"));
  if (made.length !== 1) throw new Error(`pnpm pack in ${pkg.dir} left ${made.length} tarballs in ${into}`);
  return path.join(into, made[0]!);
}

export interface PackedProjects {
  /** Each project's folder (outside the workspace). */
  dirs: Record<ProjectKind, string>;
  /** Each published package's tarball. */
  tarballs: Record<PublishedName, string>;
}

/** No `node_modules` in any folder above `dir`: Node would otherwise resolve through it. */
function assertOutsideAnyInstall(dir: string): void {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "node_modules")))
      throw new Error(`${at}/node_modules would leak into the merchant's project at ${dir}`);
    if (path.dirname(at) === at) return;
  }
}

/** Packs every published package, then makes each project and installs it with `npm install`. */
export async function createPackedProjects(): Promise<PackedProjects> {
  const tarballDir = await mkdtemp(path.join(SCRATCH, "spay-tarballs-"));
  // Each pack in a folder of its own, all at once.
  const packed = await Promise.all(
    PUBLISHED.map(async (pkg) => pack(pkg, await mkdtemp(path.join(tarballDir, "pack-")))),
  );
  const tarballs = Object.fromEntries(PUBLISHED.map((pkg, i) => [pkg.name, packed[i]])) as Record<
    PublishedName,
    string
  >;
  const kinds = Object.keys(PROJECTS) as ProjectKind[];
  const dirs = await Promise.all(kinds.map((kind) => createProject(kind, tarballs)));
  return {
    dirs: Object.fromEntries(kinds.map((k, i) => [k, dirs[i]])) as Record<ProjectKind, string>,
    tarballs,
  };
}

async function createProject(kind: ProjectKind, tarballs: Record<PublishedName, string>): Promise<string> {
  const spec = PROJECTS[kind];
  const dir = await mkdtemp(path.join(SCRATCH, `spay-${kind}-`));
  assertOutsideAnyInstall(dir);
  const versions = async (names: string[]) =>
    Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await workspaceVersion(n, spec.versionsFrom)])),
    );
  const manifest = {
    name: `merchant-${kind}`,
    private: true,
    type: "module",
    dependencies: {
      ...Object.fromEntries(spec.packages.map((name) => [name, `file:${tarballs[name]}`])),
      ...(await versions(spec.dependencies)),
    },
    devDependencies: await versions(spec.devDependencies),
  };
  await writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // The project's own code (consumers/projects/<kind>/), in `app/`.
  await cp(path.join(PROJECT_CODE, kind), path.join(dir, "app"), { recursive: true });
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
    // npm's own settings only: nothing of the workspace's pnpm environment.
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  return dir;
}

/** Writes `files` (paths relative to the project) into the project. */
export async function writeProjectFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

/** A binary the merchant's project installed (`node_modules/.bin/<name>`). */
export function projectBin(dir: string, name: string): string {
  return path.join(dir, "node_modules", ".bin", name);
}
