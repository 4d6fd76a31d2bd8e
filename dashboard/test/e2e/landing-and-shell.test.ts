import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../harness/axe.ts";
import { launchChromium } from "../harness/chromium.ts";
import { screenshotBothThemes } from "../harness/screenshots.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { installTestWallet, WALLETS } from "../harness/test-wallet.ts";

/** The landing page, the auth modal and the signed-in shell in Chromium against the real gateway. */
describe("landing page and app shell in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const password = "correct horse battery";

  const register = async (p: Page, email: string) => {
    await p.goto(stack.url);
    await p.getByRole("button", { name: "Get Free API Key" }).first().click();
    const dialog = p.getByRole("dialog", { name: "Register" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Register" }).click();
    await p.waitForURL(`${stack.url}/getting-started`);
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.url });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("shows every landing section, the live 7-day counter and no serious axe violations in either theme", async () => {
    await page.goto(stack.url);
    for (const name of [
      "Stay in the loop",
      "Built for developers",
      "Try the API",
      "Roadmap",
      "Developer resources",
    ]) {
      await page.getByRole("heading", { name }).waitFor();
    }
    expect(await page.getByText("Q3 2025", { exact: true }).isVisible()).toBe(true);
    const counter = page.getByTestId("payment-counter");
    await counter.getByText("0", { exact: true }).waitFor();
    expect(await counter.getByRole("img").count()).toBe(0);
    for (const href of [
      "/docs/x402-protocol",
      "/docs/getting-started",
      "/docs/api-reference",
      "/docs/support",
      "/blog",
    ]) {
      expect(await page.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = "dark";
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "landing");
  });

  it("falls back to 50 with a warning mark when the counter cannot be fetched", async () => {
    const fresh = await context.newPage();
    await fresh.route("**/v1/stats/payments*", (route) => route.abort());
    await fresh.goto(stack.url);
    const counter = fresh.getByTestId("payment-counter");
    await counter.getByText("50").waitFor();
    expect(
      await counter.getByRole("img", { name: "Live count unavailable; showing an estimate" }).count(),
    ).toBe(1);
    await fresh.close();
  });

  it("switches the code tabs and shows 'Copied!' for 2 seconds", async () => {
    await page.getByRole("tab", { name: "x402 (HTTP)" }).click();
    await page.getByText(/PAYMENT-SIGNATURE/).waitFor();
    await page.getByRole("tabpanel").getByRole("button", { name: "Copy" }).click();
    await page.getByRole("tabpanel").getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("PAYMENT-SIGNATURE");
    await page.getByRole("tabpanel").getByRole("button", { name: "Copy" }).waitFor({ timeout: 3000 });
  });

  it("signs up for the newsletter once, then names an email already signed up", async () => {
    const email = `news-${Date.now()}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("button", { name: "Signed up!" }).waitFor();
    expect(await page.getByRole("button", { name: "Signed up!" }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Email address").isDisabled()).toBe(true);
    await page.getByText("Thank you for signing up!", { exact: false }).waitFor();
    await page.reload();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("This email is already signed up for updates").waitFor();
  });

  it("fabricates a playground intent after a second, pricing sBTC at 110000 USD", async () => {
    await page.getByLabel("Amount (cents)").fill("100");
    await page.getByRole("button", { name: "Create Payment Intent" }).click();
    await page.getByRole("button", { name: "Creating..." }).waitFor();
    await page
      .getByTestId("playground-output")
      .getByText(/"amount_sbtc": 910/)
      .waitFor({ timeout: 3000 });
    expect(await page.getByLabel("Amount (cents)").getAttribute("min")).toBe("1");
  });

  it("keeps the chosen theme across reloads", async () => {
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByTestId("theme-toggle").click();
    const after = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(after).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe(after);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
    await page.getByTestId("theme-toggle").click();
  });

  it("toggles the auth modal's texts, explains failures and dismisses on an outside click", async () => {
    await page.getByRole("button", { name: "Sign In" }).first().click();
    const signIn = page.getByRole("dialog", { name: "Sign In" });
    expect(await signIn.getByLabel("Email").getAttribute("type")).toBe("email");
    await signIn.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    const registerDialog = page.getByRole("dialog", { name: "Register" });
    await registerDialog.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await signIn.getByLabel("Email").fill("nobody@example.com");
    await signIn.getByLabel("Password").fill("wrong password");
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    await signIn.getByText("Invalid email or password").waitFor();
    await page.mouse.click(5, 500);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("registers, shows the 'More' menu while setup is incomplete and survives a deep-link reload", async () => {
    const email = `shell-${Date.now()}@example.com`;
    await register(page, email);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Get Started",
      "Dashboard",
      "Payments",
      "Products",
      "Customers",
    ]);
    await nav.getByRole("button", { name: /More/ }).click();
    expect(await nav.getByRole("link", { name: "Mail" }).count()).toBe(1);
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${stack.url}/settings`);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    expect(page.url()).toBe(`${stack.url}/settings`);
    await page.goto(`${stack.url}/products`);
    await page.getByRole("heading", { level: 1, name: "Product Catalog" }).waitFor();
  });

  it("rejects a second registration with the same email", async () => {
    const other = await browser.newPage();
    const email = `twice-${Date.now()}@example.com`;
    await fetch(`${stack.apiUrl}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    await other.goto(stack.url);
    await other.getByRole("button", { name: "Get Free API Key" }).first().click();
    const dialog = other.getByRole("dialog", { name: "Register" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Register" }).click();
    await dialog.getByText("An account with this email already exists").waitFor();
    await other.close();
  });

  it("runs the command palette by keyboard: Ctrl+K, filter, count, arrows, Enter, Esc", async () => {
    await page.goto(`${stack.url}/getting-started`);
    await page.getByRole("heading", { level: 1, name: "Get Started" }).waitFor();
    await page.keyboard.press("Control+K");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByRole("combobox");
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await palette.getByRole("group").evaluateAll((gs) => gs.map((g) => g.getAttribute("aria-label"))),
    ).toEqual(["Navigation", "Quick Actions", "Settings", "Help"]);
    await page.keyboard.type("zzz");
    await palette.getByText("No commands found").waitFor();
    await palette.getByText("0 commands").waitFor();
    await input.fill("go to");
    await palette.getByText("11 commands").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await palette.getByRole("option", { selected: true }).textContent()).toBe("Go to Payments");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${stack.url}/payments`);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("button", { name: /Search/ }).click();
    await palette.waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("opens the user menu on hover, closes it after the delay, keeps it open once clicked, and signs out through the server", async () => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("spay_session_token") ?? "null"));
    const menu = page.getByTestId("user-menu");
    await menu.hover();
    await menu.getByText(/^user_/).waitFor();
    await page.mouse.move(5, 600);
    await menu.getByText(/^user_/).waitFor({ state: "detached", timeout: 1000 });
    // A click on the menu the hover just opened keeps it open, even once the pointer has left.
    await menu.hover();
    await menu.getByRole("button", { name: "Account menu" }).click();
    await page.mouse.move(5, 600);
    await page.waitForTimeout(300);
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole("button", { name: "Get Free API Key" }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("spay_session_token"))).toBeNull();
    const res = await fetch(`${stack.apiUrl}/v1/auth/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  it("clears a stored session the server no longer accepts", async () => {
    await page.evaluate(() => {
      localStorage.setItem("spay_session_token", JSON.stringify("sess_revoked"));
      localStorage.setItem("spay_user", JSON.stringify({ id: "user_x", email: "x@example.com", name: "x" }));
      localStorage.setItem("merchant_businessName", JSON.stringify("Stale"));
    });
    await page.goto(`${stack.url}/settings`);
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole("button", { name: "Get Free API Key" }).first().waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => /^(spay_|merchant_)/.test(k))),
    ).toEqual([]);
  });

  it("signs in with a wallet through the server's challenge", async () => {
    const walletPage = await context.newPage();
    await installTestWallet(walletPage, stack.devnetUrl);
    await walletPage.goto(stack.url);
    await walletPage.getByRole("button", { name: "Sign In" }).first().click();
    await walletPage.getByRole("button", { name: "Sign in with wallet" }).click();
    await walletPage.waitForURL(`${stack.url}/getting-started`);
    const user = await walletPage.evaluate(() => JSON.parse(localStorage.getItem("spay_user") ?? "null"));
    expect(user.wallet_address).toBe(WALLETS.merchant.address);
    await walletPage.close();
  });

  it("fits a 360 px wide phone with the bottom bar of four tabs", async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await register(phone, `phone-${Date.now()}@example.com`);
    const bar = phone.getByRole("navigation", { name: "Mobile navigation" });
    expect(await bar.getByRole("link").count()).toBe(4);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshotBothThemes(phone, "getting-started-mobile");
    await phone.goto(stack.url);
    await phone.close();
  });
});
