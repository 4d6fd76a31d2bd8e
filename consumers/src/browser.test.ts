/**
 * The installed SDK in Chromium, as a merchant's customers meet it:
 * - the docs' React sample bundled by Vite in the shop project (`vite build`), served as static
 *   files: its card renders the product and is paid from a wallet until settled;
 * - the docs' drop-in sample, a plain HTML page loading `spay.js` from the tarball's files (the
 *   merchant self-hosting `node_modules/@spay/sdk/dist/`): its card and buy button render, and the
 *   card is paid the same way.
 * Payments are real sBTC transfers on the devnet, signed by a test wallet injected into the page.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  createMerchantAccount,
  gatewayCall,
  type Json,
  type RunningGateway,
  startGateway,
} from "@spay/server/testing";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../../sdk/src/core/messages.ts";
import { launchChromium } from "../../sdk/test/browser/harness/chromium.ts";
import { openWithTestWallet, walletPaymentSettles } from "../../sdk/test/browser/harness/wallet-checkout.ts";
import { projectBin, REPO_ROOT, run } from "./packed-project.ts";
import { type StaticHost, serveStatic } from "./static-host.ts";

const shop = inject("packed").dirs.shop;

let gateway: RunningGateway;
let browser: Browser;
let sk: string;
let beans: Json;
let mug: Json;
const hosts: StaticHost[] = [];

beforeAll(async () => {
  const stack = async () => {
    gateway = await startGateway();
    const merchant = await createMerchantAccount(gateway.url, { name: "Beans Co" });
    sk = merchant.sk;
    const create = (body: unknown) => gatewayCall(gateway.url, "POST", "/v1/products", body, sk);
    beans = await create({ name: "House Blend Beans", price_minor: 1499, stock: 10 });
    mug = await create({ name: "Stoneware Mug", price_minor: 1200, stock: 10 });
    return merchant.pk;
  };
  const [pk, launched] = await Promise.all([stack(), launchChromium()]);
  browser = launched;

  // The React shop, built as a merchant's CI builds it: VITE_* variables in the environment.
  await run(projectBin(shop, "vite"), ["build", "app/react-shop", "--logLevel", "error"], {
    cwd: shop,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      VITE_SPAY_PUBLISHABLE_KEY: pk,
      VITE_SPAY_API_URL: gateway.url,
      VITE_PRODUCT_ID: beans.id,
    },
  });

  // The drop-in sample with the merchant's ids, loading spay.js from the shop's own host.
  const sample = await readFile(path.join(REPO_ROOT, "docs-site/samples/sdks/dropin.html"), "utf8");
  const page = sample
    .replace("http://localhost:8787/sdk/spay.js", "/sdk/spay.js")
    .replaceAll("http://localhost:8787", gateway.url)
    .replace("pk_test_REPLACE_ME", pk)
    .replace("prod_REPLACE_ME", mug.id)
    .replace("plink_REPLACE_ME", beans.payment_link.id);
  await writeFile(
    path.join(shop, "app/dropin.html"),
    `<!doctype html><html lang="en"><body>${page}</body></html>`,
  );

  hosts.push(
    await serveStatic({
      "/react/": path.join(shop, "app/react-shop/dist"),
      "/sdk/": path.join(shop, "node_modules/@spay/sdk/dist"),
      "/": path.join(shop, "app"),
    }),
  );
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  await browser?.close();
  await gateway?.close();
});

const open = (url: string) => openWithTestWallet(browser, gateway.devnetUrl, url);

/** Pays `card` with the injected sBTC wallet and waits for the checkout to show it settled. */
async function payWithWallet(page: Page, card: Locator): Promise<void> {
  await card.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
  await card.getByRole("button", { name: MESSAGES.pay }).click();
  await walletPaymentSettles(page);
}

/** The product's settled payments, as the merchant's API lists them. */
async function settledPaymentsFor(product: Json): Promise<Json[]> {
  const list = await gatewayCall(gateway.url, "GET", "/v1/payment_intents?limit=50", undefined, sk);
  return (list.data as Json[]).filter((i) => i.product_id === product.id && i.status === "payment_settled");
}

describe("the installed SDK in Chromium", () => {
  it("the docs' React sample, bundled by Vite, shows the product and is paid from a wallet until settled", async () => {
    const { page, errors, close } = await open(`${hosts[0]!.url}/react/`);
    await expect
      .poll(() => page.getByText("House Blend Beans").first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    // $14.99 at the gateway's $100,000/BTC: 14,990 sats.
    await expect.poll(() => page.getByText("14,990 sats").first().isVisible()).toBe(true);
    // The card is a region named by its product (the buy button beside it is not).
    await payWithWallet(page, page.getByRole("region", { name: "House Blend Beans" }));
    expect(await settledPaymentsFor(beans)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("the docs' drop-in sample, a plain HTML page with spay.js from the tarball, renders and is paid", async () => {
    const { page, errors, close } = await open(`${hosts[0]!.url}/dropin.html`);
    const mugCard = page.locator(`[data-spay-product="${mug.id}"]`);
    await expect.poll(() => mugCard.getByText("Stoneware Mug").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => mugCard.getByText("12,000 sats").isVisible()).toBe(true);
    const linkButton = page.locator(`[data-spay-link="${beans.payment_link.id}"]`).getByRole("button");
    await expect.poll(() => linkButton.first().isVisible()).toBe(true);
    await payWithWallet(page, mugCard);
    expect(await settledPaymentsFor(mug)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});
