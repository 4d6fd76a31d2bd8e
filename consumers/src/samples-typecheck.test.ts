/**
 * The docs' samples, the READMEs' code and the projects' own programs (`app/`), type-checked in the merchant's projects against the
 * installed tarballs, strict, with a fresh tsconfig in each resolution a merchant's toolchain
 * uses: `bundler` (Vite, esbuild, Next) and `node16` (plain Node ESM). A type a package forgot to
 * export, a `.d.ts` that points nowhere, or a sample that no longer matches the API fails here.
 */
import { describe, expect, inject, it } from "vitest";
import { type ProjectKind, projectBin, run, writeProjectFiles } from "./packed-project.ts";
import { docSamples } from "./samples.ts";

const { dirs } = inject("packed");

const RESOLUTIONS = {
  bundler: { module: "esnext", moduleResolution: "bundler" },
  node16: { module: "node16", moduleResolution: "node16" },
} as const;

/** The ambient types each project's samples use: the shop's React sample reads Vite's env. */
const TYPES: Record<ProjectKind, string[]> = { shop: ["node", "vite/client"], agent: ["node"] };

/**
 * The compiler's errors, less those inside x402-stacks' own declarations: 2.0.3's `.d.ts` name
 * `axios.default`, which does not exist under node16 resolution (an upstream defect; every other
 * package's declarations, ours first, are checked with `skipLibCheck: false`).
 */
function ownErrors(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /error TS\d+/.test(line) && !line.startsWith("node_modules/x402-stacks/"));
}

const CASES = (["shop", "agent"] as const).flatMap((project) =>
  (Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[]).map((resolution) => ({ project, resolution })),
);

describe("the docs' samples type-check against the installed packages", () => {
  it.each(CASES)("$project's samples with moduleResolution $resolution", async ({ project, resolution }) => {
    // The samples are in the project since its setup (src/global-setup.ts).
    expect(Object.keys((await docSamples())[project]).length).toBeGreaterThan(0);
    const dir = dirs[project];
    const tsconfig = `tsconfig.${resolution}.json`;
    await writeProjectFiles(dir, {
      [tsconfig]: JSON.stringify({
        compilerOptions: {
          ...RESOLUTIONS[resolution],
          target: "es2022",
          lib: ["es2023", "dom", "dom.iterable"],
          jsx: "react-jsx",
          types: TYPES[project],
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: false,
        },
        include: ["samples", "app"],
      }),
    });
    const result = await run(projectBin(dirs.shop, "tsc"), ["-p", tsconfig], { cwd: dir }).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout }),
    );
    expect(ownErrors(result.stdout)).toEqual([]);
  });
});
