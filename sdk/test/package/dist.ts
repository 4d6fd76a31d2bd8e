/** Test support: the built package (`tsup` runs before the tests: `pnpm test` = `tsup && vitest run`). */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The sdk package folder. */
export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The drop-in's files as a page loads them, paths relative to dist/: the classic script `spay.js`,
 * its ES module `dropin/spay.js`, and the chunks (see tsup.config.ts).
 */
export interface DropinFiles {
  /** Up to a visible payment-link card: the classic script, its module and its static imports. */
  card: string[];
  /**
   * Added when Pay opens the checkout overlay: its chunk (the QR overlay, and the wallet picker and
   * steps without wallet code)…
   */
  overlay: string[];
  /** …and, for a QR code, `qrcode`'s chunk. */
  qrcode: string[];
  /** Added when the payer pays with a wallet: the wallet module with `@stacks/connect`. */
  wallet: string[];
  /** Reachable but never loaded by sPay: `@stacks/connect`'s stubbed WalletConnect (tsup.config.ts). */
  unused: string[];
}

/** What only `qrcode`'s chunk carries (its encoder's error for empty input). */
const QRCODE_MARKER = "No input text";
/** What only the wallet module's chunk carries (@stacks/connect's contract call). */
const WALLET_MARKER = "stx_callContract";

/** The relative imports of an ES module of dist/ (minified esbuild output), as dist/ paths. */
function importsOf(file: string, source: string): { static: string[]; dynamic: string[] } {
  const resolve = (spec: string) => path.posix.join(path.posix.dirname(file), spec);
  return {
    static: [...source.matchAll(/(?:from|import)\s*"(\.\.?\/[^"]+)"/g)].map((m) => resolve(m[1]!)),
    dynamic: [...source.matchAll(/import\(\s*"(\.\.?\/[^"]+)"\s*\)/g)].map((m) => resolve(m[1]!)),
  };
}

/**
 * Follows the drop-in's imports from `dist/dropin/spay.js`: static imports load with the file,
 * each dynamic import starts a group of files, classified by when sPay loads it. Every file of
 * dist/dropin/ must land in a group, so no chunk escapes the budgets unclassified.
 */
export async function dropinFiles(): Promise<DropinFiles> {
  const sources = new Map<string, string>();
  const read = async (file: string) => {
    let source = sources.get(file);
    if (source === undefined) {
      source = await readFile(distFile(file), "utf8");
      sources.set(file, source);
    }
    return source;
  };
  const known = new Set<string>(["spay.js"]);
  /** `entry` and what it imports statically, minus the files already loaded. */
  const group = async (entry: string): Promise<string[]> => {
    const files: string[] = [];
    const visit = async (file: string) => {
      if (known.has(file)) return;
      known.add(file);
      files.push(file);
      for (const dep of importsOf(file, await read(file)).static) await visit(dep);
    };
    await visit(entry);
    return files;
  };
  const dynamicOf = async (files: string[]) => {
    const targets = new Set<string>();
    for (const file of files) for (const t of importsOf(file, await read(file)).dynamic) targets.add(t);
    return [...targets].filter((t) => !known.has(t));
  };
  const has = async (files: string[], marker: string) =>
    (await Promise.all(files.map(read))).some((source) => source.includes(marker));

  const card = ["spay.js", ...(await group("dropin/spay.js"))];
  const overlay: string[] = [];
  for (const target of await dynamicOf(card)) overlay.push(...(await group(target)));
  // From the overlay: qrcode first (on the QR path), then the wallet module.
  const fromOverlay = await dynamicOf(overlay);
  const qrTargets: string[] = [];
  for (const target of fromOverlay) if (await has([target], QRCODE_MARKER)) qrTargets.push(target);
  const qrcode: string[] = [];
  for (const target of qrTargets) qrcode.push(...(await group(target)));
  const wallet: string[] = [];
  for (const target of fromOverlay) if (!qrTargets.includes(target)) wallet.push(...(await group(target)));
  const unused: string[] = [];
  for (const target of await dynamicOf(wallet)) unused.push(...(await group(target)));

  if (!(await has(qrcode, QRCODE_MARKER))) throw new Error("no qrcode chunk behind the checkout overlay");
  if (!(await has(wallet, WALLET_MARKER)))
    throw new Error("no wallet module chunk behind the checkout overlay");
  const built = (await readdir(path.join(PACKAGE_DIR, "dist", "dropin"))).map((f) => `dropin/${f}`);
  const unclassified = built.filter((f) => !known.has(f));
  if (unclassified.length > 0)
    throw new Error(`dist/${unclassified.join(", dist/")}: not reached from spay.js`);
  return { card, overlay, qrcode, wallet, unused };
}

/** A built file of dist/, or a clear failure when the build has not run. */
export function distFile(name: string): string {
  const file = path.join(PACKAGE_DIR, "dist", name);
  if (!existsSync(file)) throw new Error(`dist/${name} is missing: run \`tsup\` before the package tests`);
  return file;
}
