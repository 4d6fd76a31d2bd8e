import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);

/** Serious and critical axe-core violations in the page, as "rule: help (targets)" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
  });
}
