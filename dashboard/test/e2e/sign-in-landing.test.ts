import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../harness/chromium.ts";
import { seedMerchant } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";

/**
 * SPEC.md §3 "Setup complete": signing in lands on /dashboard once setup is complete (wallet,
 * business name, website, tested webhook, a workspace), else on /getting-started.
 */
describe("where signing in lands, in the browser", () => {
  let stack: TestStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const signIn = async (email: string) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(stack.url);
    await page.getByRole("button", { name: "Sign In" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Sign In" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("correct horse battery");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await page.waitForURL((url) => url.pathname !== "/");
    // Give a wrong second redirect the chance to happen.
    await page.waitForTimeout(1500);
    const path = new URL(page.url()).pathname;
    await page.close();
    return path;
  };

  it("a merchant whose setup is complete lands on /dashboard", async () => {
    const merchant = await seedMerchant(stack);
    await stack.deps.db
      .updateTable("workspaces")
      .set({ webhook_tested: true })
      .where("id", "=", merchant.workspaceId)
      .execute();
    expect(await signIn(String(merchant.user.email))).toBe("/dashboard");
  });

  it("a merchant still setting up lands on /getting-started", async () => {
    const merchant = await seedMerchant(stack, { verifyWallet: false });
    expect(await signIn(String(merchant.user.email))).toBe("/getting-started");
  });
});
