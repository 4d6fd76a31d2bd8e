/**
 * The tarballs npm would publish, checked by the ecosystem's package linters: `publint` (the
 * manifest, `exports` and files agree) and `@arethetypeswrong/cli` (types resolve for every entry
 * from ESM, CJS and bundlers), and each one's version and changelog as Changesets keeps them.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { PUBLISHED, run } from "./packed-project.ts";

const exec = promisify(execFile);
const { tarballs } = inject("packed");
const BIN = fileURLToPath(new URL("../node_modules/.bin/", import.meta.url));

/** Runs a checker; resolves with its output and exit code instead of throwing on failure. */
async function check(cmd: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(path.join(BIN, cmd), args, { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** Each package's entries as `attw` must find them (assets without types excluded). */
const ENTRYPOINTS: Record<(typeof PUBLISHED)[number]["name"], { entries: string[]; assets: string[] }> = {
  "@spay/sdk": {
    entries: [
      ".",
      "./package.json",
      "./react",
      "./server",
      "./snippets",
      "./transport",
      "./x402",
      "./x402/exact-stacks",
      "./x402/express",
      "./x402/fetch",
      "./x402/hono",
    ],
    // The drop-in's browser script: an asset a page loads, not a module with types.
    assets: ["./spay.js"],
  },
  "@spay/protocol": { entries: [".", "./chainhooks", "./package.json", "./x402"], assets: [] },
};

/** A file of a tarball, read without unpacking it. */
async function tarballFile(tarball: string, file: string): Promise<string> {
  return (await run("tar", ["-xzOf", tarball, `package/${file}`])).stdout;
}

describe.each(PUBLISHED)("$name as packed", (pkg) => {
  const tarball = () => tarballs[pkg.name];

  it("publint reports no error or warning", async () => {
    const { code, output } = await check("publint", ["run", tarball(), "--strict", "--level", "warning"]);
    expect(output).not.toMatch(/^Errors:|^Warnings:/m);
    expect(code, output).toBe(0);
  });

  it("@arethetypeswrong/cli: types resolve for every entry from ESM, CJS and bundlers (node16 profile)", async () => {
    const { entries, assets } = ENTRYPOINTS[pkg.name];
    const exclude = assets.length ? ["--exclude-entrypoints", ...assets] : [];
    const { code, output } = await check("attw", [
      tarball(),
      "--profile",
      "node16",
      ...exclude,
      "--format",
      "json",
    ]);
    const report = JSON.parse(output.slice(output.indexOf("{"))) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems?: Record<string, { entrypoint: string; resolutionKind?: string }[]>;
    };
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(entries);
    // node10 (no `exports` support) is outside the node16 profile: only its resolutions may fail.
    const problems = Object.values(report.problems ?? {})
      .flat()
      .filter((p) => p.resolutionKind !== "node10");
    expect(problems).toEqual([]);
    expect(code, output).toBe(0);
  });

  it("has a semver version with its own CHANGELOG entry, and no workspace-only version ranges", async () => {
    const manifest = JSON.parse(await tarballFile(tarball(), "package.json")) as {
      version: string;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    const changelog = await tarballFile(tarball(), "CHANGELOG.md");
    expect(changelog).toMatch(new RegExp(`^## ${manifest.version.replaceAll(".", "\\.")}$`, "m"));
    for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies }))
      expect(range).not.toMatch(/^(workspace|link|file):/);
  });
});
