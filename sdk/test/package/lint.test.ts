import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, PACKAGE_DIR, packTarball } from "./dist.js";

const exec = promisify(execFile);
let tarball: string;

beforeAll(async () => {
  tarball = await packTarball();
}, 120_000);

/** Runs a checker; resolves with its output and exit code instead of throwing on failure. */
async function check(cmd: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd: PACKAGE_DIR });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("the packed tarball passes the package linters", () => {
  it("publint reports no error or warning", async () => {
    const { code, output } = await check(bin("publint"), ["run", tarball, "--strict", "--level", "warning"]);
    expect(output).not.toMatch(/^Errors:|^Warnings:/m);
    expect(code, output).toBe(0);
  });

  it("@arethetypeswrong/cli: types resolve for every entry from ESM, CJS and bundlers (node16 profile)", async () => {
    // spay.js is the drop-in's browser script (an asset, not a module with types).
    const { code, output } = await check(bin("attw"), [
      tarball,
      "--profile",
      "node16",
      "--exclude-entrypoints",
      "./spay.js",
      "--format",
      "json",
    ]);
    const report = JSON.parse(output.slice(output.indexOf("{"))) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems?: Record<string, { entrypoint: string; resolutionKind?: string }[]>;
    };
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([
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
    ]);
    // node10 (no `exports` support) is outside the node16 profile: only its resolutions may fail.
    const problems = Object.values(report.problems ?? {})
      .flat()
      .filter((p) => p.resolutionKind !== "node10");
    expect(problems).toEqual([]);
    expect(code, output).toBe(0);
  });
});
