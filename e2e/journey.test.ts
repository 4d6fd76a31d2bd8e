import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { ACCOUNTS } from "@spay/devnet";
import { paywall } from "@spay/sdk/server";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { Hono } from "hono";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  installTestWallet,
  type Json,
  launchChromium,
  type ProductStack,
  startProduct,
  startWebhookReceiver,
  WALLETS,
} from "./harness/stack.ts";

/**
 * The product's smoke test, in Chromium against the gateway as `pnpm start` serves it: a merchant
 * onboards in the dashboard, a customer pays a payment link with a wallet, an agent pays the
 * merchant's API over x402, and the merchant sees both payments — and both webhooks — arrive.
 * Each test continues where the previous one stopped.
 */
describe("the whole journey: merchant, customer, agent", () => {
  let product: ProductStack;
  let browser: Browser;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let paidApi: Server | undefined;
  let secretKey = "";
  let linkUrl = "";
  let customerTxid = "";
  let agentTxid = "";

  const asPayer = (p: Page) =>
    p.evaluate(() => {
      (window as unknown as { __walletRole: string }).__walletRole = "payer";
    });

  beforeAll(async () => {
    [product, browser, receiver] = await Promise.all([
      startProduct(),
      launchChromium(),
      startWebhookReceiver(),
    ]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await installTestWallet(page, product.devnetUrl);
  });

  afterAll(async () => {
    paidApi?.close();
    await browser?.close();
    await receiver?.close();
    await product?.close();
  });

  it("the merchant registers and completes Get Started in the dashboard", async () => {
    await page.goto(product.url);
    await page.getByRole("button", { name: "Get Free API Key" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Register" });
    await dialog.getByLabel("Email").fill(`journey-${Date.now()}@example.com`);
    await dialog.getByLabel("Password").fill("correct horse battery");
    await dialog.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(`${product.url}/getting-started`);

    await page.getByLabel("Organization name").fill(`Journey Roasters ${Date.now()}`);
    await page.getByLabel("Workspace name", { exact: true }).fill("Main Store");
    await page.getByRole("button", { name: "Create Organization & Workspace" }).click();
    await page.getByTestId("workspace-id").waitFor();

    await page.getByRole("button", { name: "Connect Wallet & Sign" }).click();
    expect(await page.getByTestId("wallet-principal").textContent()).toBe(WALLETS.merchant.address);
    secretKey = (await page.getByTestId("key-sk").locator("code").textContent()) ?? "";
    expect(secretKey).toMatch(/^sk_test_/);

    await page.getByLabel("Business name").fill("Journey Roasters");
    await page.getByLabel("Website URL").fill("https://journey.example");
    await page.getByLabel("Business description").fill("Coffee, paid in sBTC and USDC.");
    await page.getByLabel("Business name").focus();
    await page.getByText("Saved").waitFor();

    await page.getByLabel("Webhook URL").fill(receiver.url);
    await page.getByRole("button", { name: "Send Sandbox Test" }).click();
    await page.getByText(/^Webhook delivered: 200/).waitFor();

    await asPayer(page);
    await page.getByRole("button", { name: "Create Test Payment" }).click();
    await page.getByTestId("test-payment-done").waitFor({ timeout: 60_000 });
    await page.getByTestId("live-panel").waitFor();
  });

  it("the merchant adds a webhook endpoint and a product with its payment link", async () => {
    await page.goto(`${product.url}/integrations`);
    await page.getByRole("button", { name: "Add Webhook" }).click();
    const modal = page.getByRole("dialog", { name: "Add Webhook Endpoint" });
    await modal.getByLabel("Endpoint URL").fill(receiver.url);
    await modal.getByRole("button", { name: "Save Endpoint" }).click();
    expect(await page.getByTestId("endpoint-secret").locator("code").textContent()).toMatch(/^whsec_/);

    await page.goto(`${product.url}/products`);
    await page.getByRole("button", { name: "Add First Product" }).click();
    const editor = page.getByRole("dialog", { name: "Add Product" });
    await editor.getByLabel("Product name", { exact: true }).fill("House Blend");
    await editor.getByLabel("Price").fill("9.99");
    await editor.getByLabel("Stock").fill("20");
    await editor.getByRole("button", { name: "Save Product" }).click();
    const link = page.getByRole("dialog", { name: "Edit Product" }).getByTestId("payment-link-url");
    await link.waitFor();
    linkUrl = (await link.getAttribute("href")) ?? "";
    expect(linkUrl).toMatch(/\/payment-links\/plink_/);
  });

  it("a customer pays the payment link with a wallet and keeps a receipt", async () => {
    const context = await browser.newContext();
    const buyer = await context.newPage();
    await installTestWallet(buyer, product.devnetUrl);
    await buyer.goto(linkUrl);
    await buyer.getByText("House Blend").first().waitFor();
    await asPayer(buyer);
    await buyer.getByLabel("sBTC Wallet").check();
    await buyer.getByRole("button", { name: "Pay" }).click();
    await buyer.getByTestId("receipt").waitFor({ timeout: 90_000 });
    customerTxid = ((await buyer.getByTestId("receipt-txid").textContent()) ?? "").trim();
    expect(customerTxid).toMatch(/^(0x)?[0-9a-f]{64}$/);
    await context.close();
  });

  it("an agent pays the merchant's API $0.001 in USDC over x402", async () => {
    const app = new Hono();
    app.get(
      "/forecast",
      paywall({
        price: "$0.001",
        description: "Tomorrow's forecast",
        apiKey: secretKey,
        gatewayUrl: product.url,
      }),
      (c) => c.json({ tomorrow: "sunny" }),
    );
    paidApi = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise((r) => paidApi?.once("listening", r));
    const apiUrl = `http://127.0.0.1:${(paidApi.address() as AddressInfo).port}`;
    const agent = wrapFetchWithPayment(fetch, {
      privateKey: ACCOUNTS.find((a) => a.name === "wallet_6")!.privateKey,
      network: "testnet",
      stacksApiUrl: product.devnetUrl,
      maxAmount: { usdc: 10_000n },
    });
    const res = await agent(`${apiUrl}/forecast`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ tomorrow: "sunny" });
    const paid = getPayment(res);
    expect(paid).toMatchObject({ status: "paid", amount: 1000n });
    agentTxid = paid?.txid ?? "";
  });

  it("the merchant sees both payments settle in Payments, and both succeeded webhooks arrive", async () => {
    const intents = (await api(product.url, "GET", "/v1/payment_intents?limit=10", undefined, secretKey))
      .data as Json[];
    const customer = intents.find(
      (i) => i.txid === customerTxid || i.txid?.startsWith(customerTxid.replace("…", "")),
    );
    const agent = intents.find((i) => i.txid === agentTxid);
    expect(agent?.payment_method).toBe("x402");
    const ids = [customer?.id, agent?.id] as string[];
    expect(ids.every(Boolean)).toBe(true);

    await page.goto(`${product.url}/payments`);
    for (const id of ids) {
      await page
        .getByTestId(`payment-${id}`)
        .getByTestId("payment-status")
        .getByText("Paid")
        .waitFor({ timeout: 30_000 });
    }

    const succeeded = () =>
      receiver.received
        .map((body) => JSON.parse(body) as Json)
        .filter((e) => e.type === "payment_intent.succeeded")
        .map((e) => (e.data?.object ?? e.data ?? e.object)?.id as string);
    await expect.poll(succeeded, { timeout: 30_000 }).toEqual(expect.arrayContaining(ids));

    await page.getByRole("button", { name: `View details of ${agent?.id}` }).click();
    const detail = page.getByRole("dialog", { name: "Payment details" });
    await expect
      .poll(async () => (await detail.getByTestId("payment-deliveries").textContent()) ?? "", {
        timeout: 20_000,
      })
      .toContain("payment_intent.succeeded");
  });
});
