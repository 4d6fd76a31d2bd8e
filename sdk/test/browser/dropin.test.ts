import { Cl } from "@stacks/transactions";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/core/messages.js";
import { type DropinFiles, dropinFiles } from "../package/dist.js";
import { axeInPage } from "./harness/axe.js";
import { launchChromium } from "./harness/chromium.js";
import { latestIntent, retrieveIntent } from "./harness/merchant.js";
import { startStack, type TestStack } from "./harness/stack.js";
import { type StaticSite, startStaticSite } from "./harness/static-server.js";
import { installTestWallet, TEST_WALLET } from "./harness/test-wallet.js";
import { dropinPage } from "./pages.js";

/**
 * How long to wait for what the drop-in loads: spay.js imports its ES module, which imports its
 * chunks (and the checkout overlay's when Pay opens it), before the API answers.
 */
const LOADING = { timeout: 10_000 };

let stack: TestStack;
let site: StaticSite;
let browser: Browser;
let files: DropinFiles;

beforeAll(async () => {
  [stack, site, browser, files] = await Promise.all([
    startStack(),
    startStaticSite(),
    launchChromium(),
    dropinFiles(),
  ]);
  const page = {
    pk: stack.merchant.pk,
    apiUrl: stack.apiUrl,
    siteUrl: site.url,
    productId: stack.product.id,
  };
  site.set("/shop.html", dropinPage(page));
  site.set("/dark.html", dropinPage({ ...page, theme: "dark" }));
  site.set(
    "/hostile.html",
    dropinPage({
      ...page,
      extraHead:
        "<style>button,h2,p,span,input,label,section,dialog{display:none!important}div{color:red!important;font:40px serif!important}</style>",
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await stack?.close();
});

/** A fresh browser profile with the page open; records which SDK files it fetched. */
async function open(path: string, options: { wallet?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext();
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  const requested: string[] = [];
  page.on("request", (req) => requested.push(new URL(req.url()).pathname));
  if (options.wallet) await installTestWallet(page, stack.devnetUrl);
  await page.goto(`${site.url}${path}`);
  return { page, context, errors, requested };
}

describe("drop-in script on a plain HTML page, in Chromium, against the server on the devnet", () => {
  it("renders the product card from a bare script tag", async () => {
    const { page, context, errors } = await open("/shop.html");
    await expect.poll(() => page.getByText("Browser Test Beans").isVisible(), LOADING).toBe(true);
    await expect(page.getByText("Browser Test Shop").isVisible()).resolves.toBe(true);
    await expect(page.getByText(MESSAGES.testBadge, { exact: true }).isVisible()).resolves.toBe(true);
    // ceil(19.99 / 100000 × 1e8) sats at the server's rate
    await expect.poll(() => page.getByText("19,990 sats").isVisible(), LOADING).toBe(true);
    await expect(page.getByRole("button", { name: MESSAGES.pay }).isDisabled()).resolves.toBe(true);
    expect(await page.locator("[data-spay-product]").evaluate((el) => el.shadowRoot !== null)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the merchant's CSS out: rules hiding buttons and colouring text red do not reach the card", async () => {
    const { page, context } = await open("/hostile.html");
    // The card renders once the drop-in loaded and read the product, as on the other pages here.
    await expect.poll(() => page.getByRole("button", { name: MESSAGES.pay }).isVisible(), LOADING).toBe(true);
    const color = await page
      .getByRole("heading", { name: "Browser Test Beans" })
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe("rgb(255, 0, 0)");
    await context.close();
  });

  it("Pay with the QR method shows 'Scan to Pay' with a real intent's spay_url, without loading the wallet code", async () => {
    const { page, context, requested, errors } = await open("/shop.html");
    await page.getByRole("radio", { name: MESSAGES.qrMethod }).check();
    await page.getByRole("button", { name: MESSAGES.pay }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.scanToPay });
    await expect
      .poll(() => dialog.getByRole("img", { name: MESSAGES.qrImageLabel }).isVisible(), LOADING)
      .toBe(true);
    const intent = await latestIntent(stack.apiUrl, stack.merchant.sk);
    expect(intent).toMatchObject({ amount_minor: 1999, product_id: stack.product.id, payment_method: "qr" });
    const link = dialog.getByRole("link", { name: String(intent.spay_url) });
    // The customer's link is the intent's page with its client secret (a list shows it without).
    const href = new URL(String(await link.getAttribute("href")));
    expect(`${href.origin}${href.pathname}`).toBe(intent.spay_url);
    expect(href.searchParams.get("client_secret")).toMatch(new RegExp(`^${intent.id}_secret_`));
    const qr = dialog.getByRole("img");
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    // The image decodes (a broken src would keep its box but have no natural size).
    expect(
      await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe(MESSAGES.waitingForPayment);
    // Up to the visible QR overlay the page fetched exactly the card path and the QR overlay chunk
    // the size test measures: no wallet code.
    expect(requested.filter((p) => p.startsWith("/sdk/")).sort()).toEqual(
      [...files.card, ...files.overlay, ...files.qrcode].map((f) => `/sdk/${f}`).sort(),
    );

    // Keyboard: focus is inside the dialog, Escape closes it and focus returns to Pay.
    expect(await dialog.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(
      true,
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`axe-core in Chromium: no serious or critical violation on the card and the QR overlay (${theme})`, async () => {
      const { page, context } = await open(theme === "dark" ? "/dark.html" : "/shop.html");
      await expect.poll(() => page.getByText("19,990 sats").isVisible(), LOADING).toBe(true);
      const card = await axeInPage(page);
      expect(card.serious).toEqual([]);
      expect(card.shadowNodesChecked).toBeGreaterThan(10);
      await page.getByRole("radio", { name: MESSAGES.qrMethod }).check();
      await page.getByRole("button", { name: MESSAGES.pay }).click();
      await expect
        .poll(() => page.getByRole("img", { name: MESSAGES.qrImageLabel }).isVisible(), LOADING)
        .toBe(true);
      const overlay = await axeInPage(page);
      expect(overlay.serious).toEqual([]);
      expect(overlay.shadowNodesChecked).toBeGreaterThan(card.shadowNodesChecked);
      await context.close();
    });
  }

  it("without a wallet installed, a wallet checkout asks with the wallet picker loaded on demand; Cancel reports -31001", async () => {
    const { page, context, requested, errors } = await open("/shop.html");
    await expect.poll(() => page.evaluate(() => window.SPay !== undefined), LOADING).toBe(true);
    await page.evaluate(() => {
      const w = window as unknown as { __spayError?: { name: string; message: string; code?: number } };
      window.SPay?.checkout({
        params: { amount_minor: 1999 },
        method: "wallet",
        onError: (error) => {
          w.__spayError = {
            name: error.name,
            message: error.message,
            code: (error as { code?: number }).code,
          };
        },
      });
    });
    const picker = page.getByRole("dialog", { name: MESSAGES.chooseWallet });
    await expect.poll(() => picker.isVisible(), { timeout: 20_000 }).toBe(true);
    // The four known wallets, none installed (disabled), rendered by the lazily loaded file.
    for (const name of ["Leather", "Xverse", "Asigna", "Fordefi"]) {
      expect(await picker.getByRole("button", { name: new RegExp(name) }).isDisabled()).toBe(true);
    }
    for (const file of files.overlay) expect(requested).toContain(`/sdk/${file}`);
    await picker.getByRole("button", { name: MESSAGES.cancel }).click();
    await expect.poll(() => picker.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __spayError?: unknown }).__spayError)).toEqual({
      name: "WalletError",
      message: "User canceled the request",
      code: -31001,
    });
    // Picking needs no wallet code: @stacks/connect is loaded only to pay.
    for (const file of files.wallet) expect(requested).not.toContain(`/sdk/${file}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pays with the injected wallet: 'Payment sent successfully!', then the settled state from the server", async () => {
    const { page, context, requested, errors } = await open("/shop.html", { wallet: true });
    await page.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
    await page.getByRole("button", { name: MESSAGES.pay }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText(MESSAGES.paymentSettled).first().isVisible(), { timeout: 30_000 })
      .toBe(true);

    const intent = await latestIntent(stack.apiUrl, stack.merchant.sk);
    const settled = await retrieveIntent(stack.apiUrl, stack.merchant.sk, String(intent.id));
    expect(settled).toMatchObject({ status: "payment_settled", payment_method: "wallet" });
    const calls = await page.evaluate(
      () =>
        (window as unknown as { __walletCalls: { method: string; params: Record<string, unknown> }[] })
          .__walletCalls,
    );
    const call = calls.find((c) => c.method === "stx_callContract");
    expect(call?.params).toMatchObject({
      contract: settled.token_contract,
      functionName: "transfer",
      postConditionMode: "deny",
    });
    expect(calls.some((c) => c.method === "getAddresses")).toBe(true);
    expect(settled.txid).toBeTruthy();
    // transfer(amount, sender, recipient, memo): the payer is the wallet's account, the recipient the merchant.
    const [amount, sender, recipient] = ((call?.params.functionArgs ?? []) as string[]).map((hex) =>
      Cl.deserialize(hex),
    );
    expect(amount).toEqual(Cl.uint(BigInt(String(settled.amount_asset))));
    expect(sender).toEqual(Cl.principal(TEST_WALLET.address));
    expect(recipient).toEqual(Cl.principal(stack.merchant.payoutAddress));
    expect(call?.params.postConditions).toHaveLength(1);
    for (const file of files.wallet) expect(requested).toContain(`/sdk/${file}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
