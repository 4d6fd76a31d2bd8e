import axe from "axe-core";

/**
 * The serious and critical axe-core violations in `root`, as "rule: help (targets)" lines.
 * jsdom does no layout or painting, so colour contrast is left to the Chromium test
 * (test/browser), which runs the same check on the real rendering.
 */
export async function seriousViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
