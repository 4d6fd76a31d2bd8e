import { readFileSync, statSync } from "node:fs";

/**
 * Files that start another process, a browser, a devnet or a whole gateway: they take tens of
 * seconds where most files take one or two.
 */
const STARTS_SOMETHING_BIG =
  /\b(spawn|execFile|fork|startGateway|startFaultStack|startStack|startProduct|startDevnet|launchChromium|layoutWalk|packTarball|spawnServer|spawnLoggedServer)\b/;

/** How long a file is expected to take, for ordering only: heavy files first, then larger files. */
function weight(file: string): number {
  try {
    const source = readFileSync(file, "utf8");
    return (STARTS_SOMETHING_BIG.test(source) ? 1_000_000_000 : 0) + statSync(file).size;
  } catch {
    return 0;
  }
}

/** What of vitest's test specification the order needs. */
interface Spec {
  readonly moduleId: string;
  readonly project: { readonly name: string };
}

/** What of vitest's `BaseSequencer` the order needs (each package's vitest has its own copy). */
interface Sequencer<S extends Spec> {
  sort(files: S[]): Promise<S[]>;
}

/** The sequencer's (protected) `ctx`: the durations vitest recorded, the root, the projects. */
interface SequencerContext {
  readonly cache: { getFileTestResults(key: string): unknown };
  readonly config: { readonly root: string };
  readonly projects: readonly { readonly name: string }[];
}

/**
 * The order test files start in, when vitest has no durations from an earlier run (a fresh clone,
 * as CI runs): projects in the order the config declares them, and within a project the files
 * that start processes first. vitest's own order without durations is by project name and file
 * size; a 30-second file that starts last then runs alone while the other worker idles. With
 * recorded durations, vitest's order (longest first) is kept.
 *
 * Each package passes its own vitest's `BaseSequencer` (`import { BaseSequencer } from
 * "vitest/node"`): this folder has no vitest, and each package's is a separate copy.
 */
// A mixin's base constructor must take `any[]` (TypeScript's rule for class mixins).
// biome-ignore lint/suspicious/noExplicitAny: see above
export function heavyFirst<S extends Spec, B extends new (...args: any[]) => Sequencer<S>>(Base: B): B {
  class HeavyFirstSequencer extends Base {
    override async sort(files: S[]): Promise<S[]> {
      const ctx = (this as unknown as { ctx: SequencerContext }).ctx;
      const cache = ctx.cache;
      const root = ctx.config.root;
      const known = files.every((spec) =>
        cache.getFileTestResults(`${spec.project.name}:${spec.moduleId.slice(root.length + 1)}`),
      );
      if (known) return super.sort(files);
      const projectOrder = new Map(ctx.projects.map((project, index) => [project.name, index]));
      const weights = new Map(files.map((spec) => [spec, weight(spec.moduleId)]));
      return [...files].sort(
        (a, b) =>
          (projectOrder.get(a.project.name) ?? 0) - (projectOrder.get(b.project.name) ?? 0) ||
          (weights.get(b) ?? 0) - (weights.get(a) ?? 0),
      );
    }
  }
  return HeavyFirstSequencer;
}
