import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

/** CI artifacts: a screenshot of each screen in light and dark (dashboard/test-results/screenshots). */
export const SCREENSHOT_DIR = fileURLToPath(new URL("../../test-results/screenshots", import.meta.url));

export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    const stored = localStorage.getItem("theme");
    document.documentElement.dataset.theme =
      stored === "dark" || stored === "light"
        ? stored
        : matchMedia("(prefers-color-scheme: dark)").matches
          ? "dark"
          : "light";
  });
}
