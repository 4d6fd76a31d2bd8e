import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);

/** What axe-core found in the page. */
export interface AxeReport {
  /** Serious and critical violations, as "rule: help (targets)" lines. */
  serious: string[];
  /** Nodes axe checked inside shadow roots: proof it saw the drop-in's content at all. */
  shadowNodesChecked: number;
}

/** Runs axe-core inside the page, open shadow roots included (colour contrast on real rendering). */
export async function axeInPage(page: Page): Promise<AxeReport> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(document);
    const inShadow = (target: unknown[]) => Array.isArray(target[0]);
    return {
      serious: result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`),
      shadowNodesChecked: result.passes.flatMap((r) => r.nodes).filter((n) => inShadow(n.target)).length,
    };
  });
}
