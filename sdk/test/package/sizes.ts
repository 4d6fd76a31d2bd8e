/**
 * Test support: gzip sizes of the built files as a page loads them. Library entries are bundled
 * from dist/ with their npm dependencies and minified as a merchant's bundler ships them; what a
 * page loads up front is the entry and its static imports, lazily imported chunks (the wallet
 * module with @stacks/connect, `qrcode`) are counted apart. The drop-in is measured as built, by
 * the files a page loads.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { distFile, dropinFiles, PACKAGE_DIR } from "./dist.js";

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

/** The drop-in's files by when a page loads them (see {@link dropinFiles}), gzipped one by one. */
export interface DropinSizes {
  /** Up to a visible payment-link card (budget {@link SIZE_BUDGETS.dropin}). */
  card: number;
  /** The QR overlay chunk: the checkout overlay and `qrcode`, loaded when Pay opens it. */
  qrOverlay: number;
  /** The wallet chunk: the wallet module with `@stacks/connect`, loaded to pay with a wallet. */
  wallet: number;
}

/**
 * The drop-in measured file by file as the browser downloads them, each gzipped on its own (as a
 * server compresses each response). Every file of dist/dropin/ belongs to a group.
 */
export async function measureDropin(): Promise<DropinSizes> {
  const files = await dropinFiles();
  const size = async (group: string[]) => {
    let total = 0;
    for (const file of group) total += gzipSize(await readFile(distFile(file)));
    return total;
  };
  return {
    card: await size(files.card),
    qrOverlay: await size([...files.overlay, ...files.qrcode]),
    wallet: await size(files.wallet),
  };
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
