import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../harness/axe.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";

/**
 * The customer's pages (payment link card and button views, hosted checkout) hold up on
 * phones with real-world data — a 200-character unbroken product name and a $999,999.99 price —
 * and the payment-method radios are a real radio group. Screenshots at 390 px go to
 * test/artifacts/ (SCREENSHOT_TAG names them, "after" unless set).
 */
const ARTIFACTS = fileURLToPath(new URL("../artifacts", import.meta.url));
const TAG = process.env.SCREENSHOT_TAG ?? "after";
const LONG_NAME = `Ultra${"X".repeat(190)}Beans`;
const WIDTHS = [360, 390, 414] as const;

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  box: { left: number; right: number; top: number; width: number } | null;
}

/** The page's horizontal overflow and where `selector`'s element sits in the viewport. */
function layoutOf(page: Page, selector: string): Promise<Layout> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el?.getBoundingClientRect();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      box: r ? { left: r.left, right: r.right, top: r.top, width: r.width } : null,
    };
  }, selector);
}

/** No horizontal scroll, the element inside the viewport and centred in it (±2 px). */
function expectFitsAndCentred(layout: Layout, label: string) {
  expect(layout.scrollWidth, `${label}: page scroll width`).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.box, `${label}: element present`).not.toBeNull();
  const box = layout.box ?? { left: 0, right: 0, top: 0, width: 0 };
  expect(box.left, `${label}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${label}: right edge`).toBeLessThanOrEqual(layout.innerWidth);
  expect(Math.abs(box.left - (layout.innerWidth - box.right)), `${label}: centred`).toBeLessThanOrEqual(2);
}

describe("the customer's checkout pages on a phone", () => {
  let stack: TestStack;
  let browser: Browser;
  let phone: BrowserContext;
  let merchant: SeededMerchant;
  const links: Record<"card" | "longCard" | "button" | "longButton", string> = {
    card: "",
    longCard: "",
    button: "",
    longButton: "",
  };

  const api = (path: string, body: unknown) =>
    fetch(`${stack.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (r) => {
      const json = (await r.json()) as Record<string, unknown>;
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    });
  const link = async (product_data: Record<string, unknown>) =>
    String((await api("/api/payment-links", { product_data })).id);

  async function open(url: string, width: number): Promise<Page> {
    const page = await phone.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width, height: 844 });
    await page.goto(url);
    return page;
  }

  async function shot(page: Page, target: Locator, name: string) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await target.screenshot({ path: `${ARTIFACTS}/${name}-390-${TAG}.png` });
    await page.screenshot({ path: `${ARTIFACTS}/${name}-390-page-${TAG}.png`, fullPage: true });
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedMerchant(stack);
    phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    links.card = await link({ name: "Coffee Beans", price_minor: 1250, description: "Single origin." });
    links.longCard = await link({ name: LONG_NAME, price_minor: 99_999_999 });
    links.button = await link({
      name: "Coffee Beans",
      price_minor: 500,
      description: "Single origin, roasted this week.",
      viewType: "button",
    });
    links.longButton = await link({ name: LONG_NAME, price_minor: 99_999_999, viewType: "button" });
  });

  afterAll(async () => {
    await phone?.close();
    await browser?.close();
    await stack?.close();
  });

  it("has a favicon: linked from the page, and the gateway answers /favicon.ico with it", async () => {
    const page = await open(`${stack.url}/payment-links/${links.card}`, 390);
    const href = await page.locator("link[rel=icon]").getAttribute("href");
    expect(href).toBe("/favicon.svg");
    await page.close();
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const res = await fetch(`${stack.apiUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("image/svg+xml");
      expect(await res.text(), path).toContain("<svg");
    }
  });

  it("offers the payment methods as a radio group: label beside its control, full-width rows, arrow keys, visible focus", async () => {
    const page = await open(`${stack.url}/payment-links/${links.card}`, 390);
    const group = page.getByRole("group", { name: "Pay with" });
    await group.waitFor();
    await shot(page, page.getByTestId("link-card-view"), "payment-link-card");
    const radios = group.getByRole("radio");
    expect(await radios.count()).toBe(2);
    const groupBox = await group.boundingBox();
    for (const name of ["QR Code", "sBTC Wallet"]) {
      const radio = group.getByRole("radio", { name });
      const row = group.locator("label").filter({ hasText: name });
      const [r, l] = await Promise.all([radio.boundingBox(), row.boundingBox()]);
      if (!r || !l || !groupBox) throw new Error(`${name}: not laid out`);
      // The control sits at the row's start, its label beside it on one line, the row full-width.
      expect(r.x - l.x, `${name}: radio at the row's start`).toBeLessThanOrEqual(16);
      expect(r.width, `${name}: radio is a dot, not a stretched field`).toBeLessThanOrEqual(24);
      expect(l.width, `${name}: row spans the group`).toBeGreaterThanOrEqual(groupBox.width - 2);
      expect(l.height, `${name}: label on one line`).toBeLessThanOrEqual(56);
    }
    // Keyboard: Tab reaches the checked radio, arrows move the choice, focus is visible.
    const qr = group.getByRole("radio", { name: "QR Code" });
    const wallet = group.getByRole("radio", { name: "sBTC Wallet" });
    await qr.focus();
    await page.keyboard.press("Space");
    expect(await qr.isChecked()).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await wallet.isChecked()).toBe(true);
    expect(await wallet.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await wallet.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("ArrowUp");
    expect(await qr.isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The card sits in the middle of a wide screen too.
    await page.setViewportSize({ width: 1280, height: 900 });
    expectFitsAndCentred(await layoutOf(page, ".spay-card"), "card view 1280px");
    await page.close();
  });

  it("shows the button view as a Buy card: product name, price, description and Buy", async () => {
    const page = await open(`${stack.url}/payment-links/${links.button}`, 390);
    const card = page.getByTestId("link-button-view");
    await card.getByRole("heading", { name: "Coffee Beans" }).waitFor();
    await shot(page, card, "payment-link-button");
    expect(await card.textContent()).toContain("$5.00");
    expect(await card.textContent()).toContain("Single origin, roasted this week.");
    expect(await card.textContent()).toContain("Acme Coffee");
    await card.getByRole("button", { name: /Buy \$5\.00/ }).waitFor();
    expectFitsAndCentred(await layoutOf(page, "[data-testid=link-button-view]"), "button view");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  for (const width of WIDTHS) {
    it(`fits a 200-character name and a $999,999.99 price at ${width} px in both views`, async () => {
      const card = await open(`${stack.url}/payment-links/${links.longCard}`, width);
      await card.getByRole("group", { name: "Pay with" }).waitFor();
      if (width === 390) await shot(card, card.getByTestId("link-card-view"), "payment-link-card-long");
      expectFitsAndCentred(await layoutOf(card, ".spay-card"), `card view ${width}px`);
      expect(await card.locator(".spay-card").textContent()).toContain("$999,999.99");
      await card.close();

      const button = await open(`${stack.url}/payment-links/${links.longButton}`, width);
      const view = button.getByTestId("link-button-view");
      await view.getByRole("button", { name: /Buy/ }).waitFor();
      if (width === 390) await shot(button, view, "payment-link-button-long");
      expectFitsAndCentred(await layoutOf(button, "[data-testid=link-button-view]"), `button ${width}px`);
      expect(await view.textContent()).toContain("$999,999.99");
      // The full name stays available when the heading is cut short.
      expect(await view.getByRole("heading").getAttribute("title")).toBe(LONG_NAME);
      await button.close();
    });
  }

  it("fits the hosted checkout of a long-named $999,999.99 payment at 390 px", async () => {
    const intent = await api("/v1/payment_intents", {
      amount_minor: 99_999_999,
      metadata: { product_name: LONG_NAME },
    });
    const page = await open(String(intent.checkout_url), 390);
    await page.getByTestId("hosted-checkout").waitFor();
    await shot(page, page.getByTestId("hosted-checkout"), "hosted-checkout-long");
    expectFitsAndCentred(await layoutOf(page, "[data-testid=hosted-checkout]"), "hosted checkout");
    expect(await page.getByTestId("hosted-checkout").textContent()).toContain("$999,999.99");
    expect(await page.getByRole("heading", { level: 1 }).getAttribute("title")).toBe(LONG_NAME);
    await page.close();
  });
});
