import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANDING } from "../../src/landing/messages.ts";
import { SESSION_KEY, USER_KEY } from "../../src/state/session.tsx";
import { launchChromium } from "../harness/chromium.ts";
import { serveDashboard } from "../harness/dashboard-server.ts";

/**
 * The built index.html before its JavaScript runs (every script file is held back): the landing
 * page is there, pre-rendered, for a signed-out visitor at "/", and never painted for a visitor with
 * a stored session or on another path — the init script in <head> decides before first paint.
 */
describe("the pre-rendered landing page in the browser, before JavaScript", () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serveDashboard>>;

  beforeAll(async () => {
    [site, browser] = await Promise.all([serveDashboard(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (path: string, stored: Record<string, unknown> = {}): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    }, stored);
    await context.route(/\.js(\?.*)?$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`);
    return page;
  };
  // Found in the DOM whether shown or not (a role query skips hidden elements).
  const heading = (page: Page) => page.locator("h1", { hasText: LANDING.heroTitle });

  it("shows the landing page to a signed-out visitor at /", async () => {
    const page = await open("/");
    expect(await heading(page).isVisible()).toBe(true);
    await page.context().close();
  });

  it("never shows it to a visitor with a stored session, nor on another path", async () => {
    const signedIn = await open("/", {
      [SESSION_KEY]: "sess_1",
      [USER_KEY]: { id: "usr_1", email: "merchant@example.com" },
    });
    expect(await signedIn.locator("html").getAttribute("data-shell")).toBe("app");
    expect(await heading(signedIn).count()).toBe(1);
    expect(await heading(signedIn).isVisible()).toBe(false);
    await signedIn.context().close();
    const elsewhere = await open("/settings");
    expect(await heading(elsewhere).isVisible()).toBe(false);
    await elsewhere.context().close();
  });
});
