import { QR_OPTIONS, qrDataUrl } from "@spay/sdk";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as images from "../../../server/src/services/product-images/test-images.ts";
import { HOSTED_CHECKOUT } from "../../src/checkout/messages.ts";
import { HOSTED_QR } from "../../src/checkout/pay-details.ts";
import { ADVERSARIAL } from "../harness/adversarial.ts";
import { seriousAxeViolations } from "../harness/axe.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant } from "../harness/merchant.ts";
import { screenshotAs } from "../harness/screenshots.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { installTestWallet, WALLETS } from "../harness/test-wallet.ts";

interface CreatedIntent {
  id: string;
  checkout_url: string;
  spay_url: string;
  recipient: string;
  amount_asset: string;
  decimals: number;
  asset: string;
  memo: string;
  env: string;
}

/**
 * The hosted `/pay/:intentId` page of a real test intent, on a phone in Chromium against the real
 * gateway and devnet: besides Pay with Wallet, the QR of the intent's `spay_url` (the SDK's
 * encoding), the pay-to address, exact amount and memo with working Copy buttons, 'Test mode';
 * none of it once the intent stops taking payment; and a devnet payment's receipt that copies its
 * transaction id instead of linking an explorer that has never seen it.
 */
describe("the hosted pay page: scan to pay, transfer details, Test mode, devnet receipt", () => {
  let stack: TestStack;
  let browser: Browser;
  let phone: BrowserContext;
  let merchant: SeededMerchant;

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const createIntent = (productName: string, amountMinor = 300) =>
    api<CreatedIntent>("/v1/payment_intents", {
      amount_minor: amountMinor,
      metadata: { product_name: productName },
    });

  async function open(url: string): Promise<Page> {
    const page = await phone.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(url);
    return page;
  }

  /** The page scrolls no wider than the phone, in both themes, with no serious axe violation. */
  async function holdsUpInBothThemes(page: Page, name: string) {
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} ${theme}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
      expect(await seriousAxeViolations(page), `${name} ${theme}`).toEqual([]);
      await screenshotAs(page, `${name}-${theme}-390`);
    }
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedMerchant(stack);
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
  });

  afterAll(async () => {
    await phone?.close();
    await browser?.close();
    await stack?.close();
  });

  it("draws the QR of the intent's spay_url, as the SDK encodes it, with its accessible name", async () => {
    const intent = await createIntent("Espresso");
    const page = await open(intent.checkout_url);
    const scan = page.getByTestId("scan-to-pay");
    await scan.getByRole("heading", { name: HOSTED_CHECKOUT.orScan }).waitFor();
    const img = scan.getByRole("img", { name: HOSTED_CHECKOUT.qrAlt });
    await img.waitFor();
    // What the SDK's 'Scan to Pay' overlay encodes: the intent's spay_url, the hosted page itself.
    expect(intent.spay_url).toBe(intent.checkout_url);
    expect(await scan.getByTestId("hosted-qr").getAttribute("data-qr-text")).toBe(intent.spay_url);
    // The same encoder over the same text draws the same code, module for module.
    const expected = await qrDataUrl(intent.spay_url, { ...QR_OPTIONS, ...HOSTED_QR });
    expect(await img.getAttribute("src")).toBe(expected);
    // Drawn, not a broken image: the SVG decoded to its full size.
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(HOSTED_QR.width);
    await page.close();
  });

  it("shows the merchant's payout address, the exact amount and the memo, and copies each from the keyboard", async () => {
    const intent = await createIntent("Espresso");
    expect(intent).toMatchObject({ asset: "sbtc", decimals: 8, amount_asset: "3000", env: "test" });
    const page = await open(intent.checkout_url);
    const scan = page.getByTestId("scan-to-pay");
    const address = scan.getByTestId("pay-to-address");
    await address.waitFor();
    expect(await address.textContent()).toBe(intent.recipient);
    // The recipient is the wallet the merchant verified as its payout wallet.
    expect(intent.recipient).toBe(WALLETS.merchant.address);
    // $3.00 at the stack's fixed $100,000 per BTC: 3,000 sats, 0.00003 sBTC exactly.
    expect(await scan.getByTestId("pay-amount").textContent()).toBe("0.00003 sBTC");
    expect(await scan.getByTestId("pay-memo").textContent()).toBe(intent.memo);

    const copies: [string, string][] = [
      [HOSTED_CHECKOUT.copyPayTo, intent.recipient],
      [HOSTED_CHECKOUT.copyAmount, "0.00003"],
      [HOSTED_CHECKOUT.copyMemo, intent.memo],
    ];
    for (const [what, text] of copies) {
      const button = scan.getByRole("button", { name: `Copy ${what}` });
      await button.focus();
      await page.keyboard.press("Enter");
      await scan.getByRole("button", { name: `Copied! ${what}` }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
      // Announced: the live region beside the button says it.
      expect(await scan.getByRole("status").filter({ hasText: "Copied!" }).count()).toBeGreaterThan(0);
    }
    await page.close();
  });

  it("marks a test intent 'Test mode', and holds up at 390 px in light and dark", async () => {
    const intent = await createIntent("Espresso");
    const page = await open(intent.checkout_url);
    const card = page.getByTestId("hosted-checkout");
    const badge = card.getByTestId("test-mode-badge");
    await badge.waitFor();
    expect(await badge.textContent()).toBe(HOSTED_CHECKOUT.testMode);
    expect(await badge.isVisible()).toBe(true);
    await page.getByRole("img", { name: HOSTED_CHECKOUT.qrAlt }).waitFor();
    await holdsUpInBothThemes(page, "hosted-pay-page");
    await page.close();
  });

  it("fits a hostile merchant and product name and the largest price at 390 px", async () => {
    await stack.deps.db
      .updateTable("workspaces")
      .set({ display_name: `${ADVERSARIAL.longName} ${ADVERSARIAL.arabicName}` })
      .where("id", "=", merchant.workspaceId)
      .execute();
    const intent = await createIntent(
      `${ADVERSARIAL.longName} ${ADVERSARIAL.hebrewName}`,
      ADVERSARIAL.maxPriceMinor,
    );
    const page = await open(intent.checkout_url);
    await page.getByRole("img", { name: HOSTED_CHECKOUT.qrAlt }).waitFor();
    const card = page.getByTestId("hosted-checkout");
    expect(await card.textContent()).toContain("$999,999.99");
    // The badge stays in view beside a merchant name cut short.
    const [badgeBox, cardBox] = await Promise.all([
      card.getByTestId("test-mode-badge").boundingBox(),
      card.boundingBox(),
    ]);
    if (!badgeBox || !cardBox) throw new Error("not laid out");
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await holdsUpInBothThemes(page, "hosted-pay-page-hostile");
    await page.close();
  });

  it("takes the QR and transfer details away once the intent no longer takes payment", async () => {
    const intent = await createIntent("Espresso");
    const page = await open(intent.checkout_url);
    await page.getByRole("img", { name: HOSTED_CHECKOUT.qrAlt }).waitFor();
    await api(`/v1/payment_intents/${intent.id}/cancel`, {});
    // The page follows the intent live: canceled, and nothing left to scan or copy.
    await page.getByText(HOSTED_CHECKOUT.canceled).waitFor();
    expect(await page.getByTestId("scan-to-pay").count()).toBe(0);
    expect(await page.getByRole("img", { name: HOSTED_CHECKOUT.qrAlt }).count()).toBe(0);
    await page.close();
  });

  it("a product's image shows inside the SDK card on its payment link page, and on the button view", async () => {
    const views = { card: ".spay-card > img", button: "[data-testid='product-image']" } as const;
    for (const [view, selector] of Object.entries(views)) {
      const product = await api<{ id: string; payment_link: { id: string } }>("/v1/products", {
        name: `Framed print (${view})`,
        price_minor: 4500,
        stock: 5,
        view_type: view,
      });
      const upload = await fetch(`${stack.apiUrl}/v1/products/${product.id}/image`, {
        method: "POST",
        headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "image/png" },
        body: await images.png(800, 600),
      });
      expect(upload.status).toBe(200);
      const page = await open(`${stack.url}/payment-links/${product.payment_link.id}`);
      const img = page.locator(selector);
      await img.waitFor();
      // Decoded from the gateway's webp variants, at the card's width, with its room reserved.
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
      const drawn = await img.evaluate((el: HTMLImageElement) => ({
        src: el.currentSrc,
        width: el.getBoundingClientRect().width,
        ratio: el.getBoundingClientRect().height / el.getBoundingClientRect().width,
        alt: el.alt,
      }));
      expect(drawn.src).toMatch(/\.webp$/);
      expect(drawn.width).toBeGreaterThan(200);
      expect(drawn.width).toBeLessThanOrEqual(390);
      expect(drawn.ratio).toBeCloseTo(0.75, 1);
      expect(drawn.alt).toBe("");
      await holdsUpInBothThemes(page, `link-${view}-with-image`);
      await page.close();
    }
  });

  it("a devnet payment's receipt copies its transaction id and links no explorer", {
    timeout: 120_000,
  }, async () => {
    const chains = (await (await fetch(`${stack.apiUrl}/v1/chains`)).json()) as { test: string };
    expect(chains.test).toBe("devnet");
    const intent = await createIntent("Espresso");
    const page = await phone.newPage();
    page.setDefaultTimeout(15_000);
    await installTestWallet(page, stack.devnetUrl);
    await page.addInitScript(() => {
      (window as unknown as { __walletRole: string }).__walletRole = "payer";
    });
    await page.goto(intent.checkout_url);
    // The receipt asks the gateway which chain test payments settle on.
    const chainsAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/chains", {
      timeout: 100_000,
    });
    await page.getByRole("button", { name: HOSTED_CHECKOUT.payWithWallet }).click();
    const receipt = page.getByTestId("receipt");
    await receipt.waitFor({ timeout: 90_000 });
    const txid = (await receipt.getByTestId("receipt-txid").textContent()) ?? "";
    expect(txid).toMatch(/^(0x)?[0-9a-f]{64}$/);
    // Its answer has come back, and been drawn, before we look for the link it must not draw.
    await chainsAnswered;
    await page.waitForTimeout(200);
    expect(await page.locator("a[href*='explorer.hiro.so']").count()).toBe(0);
    await receipt.getByRole("button", { name: `Copy transaction ID ${txid}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txid);
    expect(await receipt.getByTestId("test-mode-badge").textContent()).toBe(HOSTED_CHECKOUT.testMode);
    expect(await page.getByTestId("scan-to-pay").count()).toBe(0);
    await holdsUpInBothThemes(page, "hosted-pay-receipt");
    await page.close();
  });
});
