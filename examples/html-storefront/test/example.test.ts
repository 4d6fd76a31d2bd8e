import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  createMerchantAccount,
  gatewayCall,
  type Json,
  type RunningGateway,
  startGateway,
} from "@spay/server/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../sdk/src/core/messages.ts";
import { launchChromium } from "../../../sdk/test/browser/harness/chromium.ts";
import { installTestWallet } from "../../../sdk/test/browser/harness/test-wallet.ts";

const SERVE = fileURLToPath(new URL("../serve.ts", import.meta.url));

let gateway: RunningGateway;
let browser: Browser;
let sk: string;
let pk: string;
let beans: Json;
let mug: Json;
let shop: ChildProcess | undefined;
let shopOutput = "";

/** A call to the gateway that must succeed. */
const api = (method: string, route: string, body?: unknown, token: string = sk) =>
  gatewayCall(gateway.url, method, route, body, token);

async function setUpShop(): Promise<void> {
  // The gateway as `pnpm start` runs it (settlement watcher in-process, SDK files at /sdk/), and a
  // merchant made through the API: account, organization, workspace, payout wallet → test keys.
  gateway = await startGateway();
  const merchant = await createMerchantAccount(gateway.url, { name: "Beans Co" });
  await api(
    "PATCH",
    `/v1/workspaces/${merchant.workspaceId}/business-profile`,
    { display_name: "Beans & Mugs" },
    merchant.session,
  );
  sk = merchant.sk;
  pk = merchant.pk;
  beans = await api("POST", "/v1/products", { name: "House Blend Beans", price_minor: 1499, stock: 10 });
  mug = await api("POST", "/v1/products", { name: "Stoneware Mug", price_minor: 1200, stock: 10 });
}

beforeAll(async () => {
  [, browser] = await Promise.all([setUpShop(), launchChromium()]);
  // The example as a developer runs it: `tsx serve.ts` with the gateway, key and products.
  shop = spawn(process.execPath, ["--import", "tsx", SERVE], {
    env: {
      ...process.env,
      SPAY_GATEWAY_URL: gateway.url,
      SPAY_PUBLISHABLE_KEY: pk,
      PRODUCT_IDS: `${beans.id},${mug.id}`,
      PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  shop.stdout?.on("data", (d: Buffer) => {
    shopOutput += d.toString();
  });
  shop.stderr?.on("data", (d: Buffer) => {
    shopOutput += d.toString();
  });
  const deadline = Date.now() + 15_000;
  while (!/Shop on http:\/\//.test(shopOutput)) {
    if (Date.now() > deadline || shop.exitCode !== null)
      throw new Error(`serve.ts did not start:\n${shopOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  shop?.kill("SIGTERM");
  await browser?.close();
  await gateway?.close();
});

describe("examples/html-storefront in Chromium against the gateway on the devnet", () => {
  it("shows both products from the drop-in and pays the mug with a wallet until it is settled", async () => {
    const shopUrl = /Shop on (http:\/\/127\.0\.0\.1:\d+)/.exec(shopOutput)![1]!;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await installTestWallet(page, gateway.devnetUrl);
    await page.goto(shopUrl);

    // The drop-in, loaded from the gateway, renders one checkout card per data-spay-product.
    const beansCard = page.locator(`[data-spay-product="${beans.id}"]`);
    const mugCard = page.locator(`[data-spay-product="${mug.id}"]`);
    await expect
      .poll(() => beansCard.getByText("House Blend Beans").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => mugCard.getByText("Stoneware Mug").isVisible()).toBe(true);
    // $12.00 at the gateway's $100,000/BTC: 12,000 sats.
    await expect.poll(() => mugCard.getByText("12,000 sats").isVisible()).toBe(true);

    await mugCard.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
    await mugCard.getByRole("button", { name: MESSAGES.pay }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText(MESSAGES.paymentSettled).first().isVisible(), { timeout: 30_000 })
      .toBe(true);

    // The page's own spay:success listener thanks the customer with the intent id…
    const status = page.locator("#order-status");
    await expect.poll(() => status.textContent()).toMatch(/^Thank you! Payment pi_\w+ is confirmed\.$/);
    const intentId = /(pi_\w+)/.exec((await status.textContent()) ?? "")![1]!;
    // …and the gateway confirms: the mug's intent is settled, paid from the injected wallet.
    expect(await api("GET", `/v1/payment_intents/${intentId}`)).toMatchObject({
      status: "payment_settled",
      product_id: mug.id,
      amount_minor: 1200,
      payment_method: "wallet",
      asset: "sbtc",
    });
    const calls = await page.evaluate(
      () => (window as unknown as { __walletCalls: { method: string }[] }).__walletCalls,
    );
    expect(calls.map((c) => c.method)).toContain("stx_callContract");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
