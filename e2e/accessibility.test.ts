import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../dashboard/test/harness/axe.ts";
import { launchChromium, type ProductStack, startProduct } from "./harness/stack.ts";

let product: ProductStack;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const DOCS_AND_BLOG = [
  "/docs",
  "/docs/getting-started",
  "/docs/x402-protocol",
  "/docs/api-reference",
  "/docs/sdks",
  "/docs/examples",
  "/docs/webhooks",
  "/docs/security",
  "/docs/support",
  "/docs/changelog",
  "/blog",
  "/blog/accept-bitcoin-payments-stacks",
  "/blog/sbtc-vs-stablecoin-ecommerce",
];

describe("docs and blog: accessibility in both themes and on a phone", () => {
  it("axe-core finds no serious or critical violation on any docs or blog page, light and dark", async () => {
    // axe is injected as an inline script, which the pages' CSP forbids: this context bypasses it
    // (csp.test.ts checks the pages under their policy).
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme: theme });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      for (const path of DOCS_AND_BLOG) {
        await page.goto(`${product.url}${path}`, { waitUntil: "load" });
        await page.locator("main").first().waitFor();
        await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
        expect(await seriousAxeViolations(page), `${path} (${theme})`).toEqual([]);
      }
      await context.close();
    }
  });

  it("on a 360 px phone no docs or blog page scrolls sideways", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of DOCS_AND_BLOG) {
      await page.goto(`${product.url}${path}`, { waitUntil: "load" });
      await page.locator("main").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
