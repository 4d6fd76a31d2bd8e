import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

/** A screenshot of each screen in light and dark (dashboard/test-results/screenshots), to look at. */
export const SCREENSHOT_DIR = fileURLToPath(new URL("../../test-results/screenshots", import.meta.url));

/**
 * Whether screenshots are written: on a developer's run, and in CI only when asked for
 * (`SPAY_SCREENSHOTS=1`). Nobody looks at CI's (it keeps no artifacts), and encoding a full-page PNG
 * of every screen in every theme and width was a fifth of the screen walk's time. What the tests
 * check — layout, contrast, axe-core — is measured on the live page either way.
 */
export const SCREENSHOTS = process.env.SPAY_SCREENSHOTS === "1" || !process.env.CI;

export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
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

/** Pages taller than this many viewports (the API reference) are shot down to this height. */
const MAX_SCREENSHOT_VIEWPORTS = 6;

/**
 * One screenshot of the page as it is now, named `<name>.png` (e.g. `payments-dark-390`): the whole
 * page, or its first six viewports for very long pages (a full shot of those takes tens of seconds).
 */
export async function screenshotAs(page: Page, name: string): Promise<string | null> {
  if (!SCREENSHOTS) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = `${SCREENSHOT_DIR}/${name}.png`;
  const { width, height, total } = await page.evaluate(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
    total: document.documentElement.scrollHeight,
  }));
  if (total <= height * MAX_SCREENSHOT_VIEWPORTS) await page.screenshot({ path: file, fullPage: true });
  else
    await page.screenshot({
      path: file,
      fullPage: true,
      clip: { x: 0, y: 0, width, height: height * MAX_SCREENSHOT_VIEWPORTS },
    });
  return file;
}
