/** Test support: the built package (`tsup` runs before the tests: `pnpm test` = `tsup && vitest run`). */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);

/** The sdk package folder. */
export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The drop-in's files: what a page loads up to a visible QR overlay (the QR path: the script and
 * anything it loads before the QR code shows), and what it loads only for a wallet payment. Every
 * `dist/spay*.js` is one or the other (the size test refuses an unlisted one), and the browser
 * test checks that a QR payment requests exactly the QR path.
 */
export const DROPIN_FILES = {
  qrPath: ["spay.js"],
  onDemand: ["spay-wallet-ui.js", "spay-wallet.js"],
  /** Pages of their own that reuse the drop-in's wallet file: the x402 paywall page's script. */
  pages: ["spay-x402.js"],
} as const;

/** A built file of dist/, or a clear failure when the build has not run. */
export function distFile(name: string): string {
  const file = path.join(PACKAGE_DIR, "dist", name);
  if (!existsSync(file)) throw new Error(`dist/${name} is missing: run \`tsup\` before the package tests`);
  return file;
}

/** A binary of the package's dev dependencies. */
export function bin(name: string): string {
  return path.join(PACKAGE_DIR, "node_modules", ".bin", name);
}

/** `npm pack` of the package into a fresh temporary folder; resolves with the tarball's path. */
export async function packTarball(): Promise<string> {
  distFile("index.js");
  const dir = await mkdtemp(path.join(tmpdir(), "spay-pack-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd: PACKAGE_DIR });
  const [info] = JSON.parse(stdout) as { filename: string }[];
  if (!info) throw new Error("npm pack reported no tarball");
  return path.join(dir, info.filename);
}
