import { readFileSync, statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

/**
 * The order test files start in, when vitest has no durations from an earlier run (a fresh clone,
 * as CI runs): projects in the order the config declares them, and within a project the files
 * that start processes first. vitest's own order without durations is by project name and file
 * size; a 30-second file that starts last then runs alone while the other worker idles. With
 * recorded durations, vitest's order (longest first) is kept.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known = files.every((spec) =>
      cache.getFileTestResults(
        `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`,
      ),
    );
    if (known) return super.sort(files);
    const projectOrder = new Map(this.ctx.projects.map((project, index) => [project.name, index]));
    const weights = new Map(files.map((spec) => [spec, weight(spec.moduleId)]));
    return [...files].sort(
      (a, b) =>
        (projectOrder.get(a.project.name) ?? 0) - (projectOrder.get(b.project.name) ?? 0) ||
        (weights.get(b) ?? 0) - (weights.get(a) ?? 0),
    );
  }
}
