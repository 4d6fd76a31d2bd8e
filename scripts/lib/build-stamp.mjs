// @ts-check
/**
 * A build's stamp: one digest of every input file's path, size and modification time, written
 * once the build succeeds. Equal digests mean nothing the build reads has changed since, so the
 * build can be skipped; checking costs a directory walk and a `stat` per file, never a file's
 * contents. Stamps live in the package's `node_modules/.cache/`, not in the output folder: the
 * gateway serves `sdk/dist/` as it is and `npm pack` ships it.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Folders that are never a build's input: installed packages, outputs, caches, tests. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "coverage", "test", ".vite", ".cache", ".spay"]);

/** Test files sit beside the code they check; no build reads them. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * Every input file under `inputs` (files or folders, relative to `root`), sorted, relative to
 * `root`. An input that does not exist is listed as itself, so its later appearance changes the
 * digest.
 * @param {string} root
 * @param {readonly string[]} inputs
 * @returns {string[]}
 */
export function listInputFiles(root, inputs) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} rel */
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) {
      files.add(rel);
      return;
    }
    if (!statSync(abs).isDirectory()) {
      files.add(rel);
      return;
    }
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (!TEST_FILE.test(entry.name)) {
        files.add(child);
      }
    }
  };
  for (const input of inputs) walk(input);
  return [...files].sort();
}

/**
 * The digest of the inputs as they are now: path, size and modification time of each file.
 * @param {string} root
 * @param {readonly string[]} inputs
 * @returns {string}
 */
export function inputsDigest(root, inputs) {
  const hash = createHash("sha256");
  for (const rel of listInputFiles(root, inputs)) {
    const abs = path.join(root, rel);
    const stat = existsSync(abs) ? statSync(abs) : null;
    hash.update(`${rel.split(path.sep).join("/")}\t${stat ? `${stat.size}\t${stat.mtimeMs}` : "absent"}\n`);
  }
  return hash.digest("hex");
}

/**
 * The digest recorded by the last successful build, or null when there is none.
 * @param {string} stampFile
 * @returns {string | null}
 */
export function readStamp(stampFile) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    return typeof stamp?.inputs === "string" ? stamp.inputs : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} stampFile
 * @param {string} digest
 */
export function writeStamp(stampFile, digest) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ inputs: digest, builtAt: new Date().toISOString() })}\n`);
}

/**
 * Why a build must run, or null when its output is current: the output folder, one of the files
 * the build must produce, or the stamp is missing, or an input changed since the stamp. Paths are
 * relative to `root`.
 * @param {{ root: string, outDir: string, outputs: readonly string[], inputs: readonly string[], stampFile: string }} build
 * @returns {string | null}
 */
export function staleReason({ root, outDir, outputs, inputs, stampFile }) {
  const out = path.join(root, outDir);
  if (!existsSync(out)) return `${outDir} is missing`;
  const missing = outputs.find((file) => !existsSync(path.join(out, file)));
  if (missing) return `${outDir}/${missing} is missing`;
  const recorded = readStamp(path.join(root, stampFile));
  if (recorded === null) return "no build stamp";
  if (recorded !== inputsDigest(root, inputs)) return "sources changed";
  return null;
}
