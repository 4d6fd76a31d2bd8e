/**
 * Test support: gzip sizes of the built files as a page loads them. Library entries are bundled
 * from dist/ with their npm dependencies and minified as a merchant's bundler ships them; what a
 * page loads up front is the entry and its static imports, lazily imported chunks (the wallet
 * module with @stacks/connect, the QR encoder) are counted apart. The drop-in is measured as
 * built, by the files a page loads.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DROPIN_FILES, distFile, PACKAGE_DIR } from "./dist.js";

/** The part of esbuild's API used here (esbuild is tsup's dependency, not resolvable by name from here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{
    outputFiles: { path: string; contents: Uint8Array }[];
    metafile: {
      outputs: Record<
        string,
        { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[] }
      >;
    };
  }>;
}
// esbuild comes with tsup (the build tool), so the measurement uses the same compiler.
const esbuild = createRequire(createRequire(`${PACKAGE_DIR}/package.json`).resolve("tsup"))(
  "esbuild",
) as Esbuild;

/** The issue's budgets (gzip), for what a page loads before any lazily loaded chunk. */
export const SIZE_BUDGETS = {
  dropin: 20 * 1024,
  react: 15 * 1024,
  core: 8 * 1024,
} as const;

/** Bytes a page downloads, gzipped. */
export interface Measured {
  /** The entry and everything it imports statically. */
  initial: number;
  /** Chunks it imports on demand, besides the wallet. */
  lazy: number;
}

export const gzipSize = (bytes: Uint8Array | string): number => gzipSync(bytes, { level: 9 }).length;

/**
 * The drop-in: the files on its QR path (see DROPIN_FILES) summed, and each file it loads only for
 * a wallet payment. A `dist/spay*.js` missing from DROPIN_FILES fails the measurement, so a new
 * file cannot escape the budget unclassified.
 */
export async function measureDropin(): Promise<{ initial: number; onDemand: Map<string, number> }> {
  const listed: readonly string[] = [...DROPIN_FILES.qrPath, ...DROPIN_FILES.onDemand, ...DROPIN_FILES.pages];
  const built = (await readdir(path.join(PACKAGE_DIR, "dist"))).filter((f) => /^spay.*\.js$/.test(f));
  const unlisted = built.filter((f) => !listed.includes(f));
  if (unlisted.length > 0) {
    throw new Error(`dist/${unlisted.join(", dist/")}: list it in DROPIN_FILES (QR path or on demand)`);
  }
  const size = async (file: string) => gzipSize(await readFile(distFile(file)));
  let initial = 0;
  for (const file of DROPIN_FILES.qrPath) initial += await size(file);
  const onDemand = new Map<string, number>();
  for (const file of DROPIN_FILES.onDemand) onDemand.set(file, await size(file));
  return { initial, onDemand };
}

/**
 * A package entry as a browser bundle: minified, split, React and the wallet's `@stacks/*`
 * packages left out (the budgets exclude them).
 */
export async function measureEntry(entry: string): Promise<Measured> {
  const result = await esbuild.build({
    entryPoints: [distFile(entry)],
    bundle: true,
    minify: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    outdir: "/virtual",
    write: false,
    metafile: true,
    logLevel: "silent",
    external: [
      "react",
      "react-dom",
      "react/jsx-runtime",
      "react-dom/client",
      "@stacks/connect",
      "@stacks/transactions",
    ],
  });
  const outputs = result.metafile.outputs;
  // Output paths are absolute, metafile paths relative: chunk file names are unique either way.
  const files = new Map(result.outputFiles.map((f) => [path.basename(f.path), f.contents]));
  const key = (p: string) => path.basename(p);
  const entryOut = Object.keys(outputs).find((o) => outputs[o]?.entryPoint !== undefined)!;
  const initial = new Set<string>();
  const lazy = new Set<string>();
  const walk = (out: string) => {
    if (initial.has(out)) return;
    initial.add(out);
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.external) continue;
      if (imp.kind === "dynamic-import") lazy.add(imp.path);
      else walk(imp.path);
    }
  };
  walk(entryOut);
  const size = (names: Iterable<string>) => {
    let total = 0;
    for (const n of names) total += gzipSize(files.get(key(n)) ?? new Uint8Array());
    return total;
  };
  // The wallet module's chunk is the one importing @stacks/connect: excluded from both.
  const walletChunks = [...lazy].filter((o) => outputs[o]?.imports.some((i) => i.path === "@stacks/connect"));
  return {
    initial: size(initial),
    lazy: size([...lazy].filter((o) => !walletChunks.includes(o) && !initial.has(o))),
  };
}

/** Formats bytes as KB with one decimal. */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
