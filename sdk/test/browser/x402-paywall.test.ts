import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { X402_MESSAGES } from "../../src/core/messages.js";
import { paywall } from "../../src/server/paywall/paywall.js";
import { PAYWALL_PAGE_MESSAGES } from "../../src/x402/paywall-page-messages.js";
import { launchChromium } from "./harness/chromium.js";
import { startStack, type TestStack } from "./harness/stack.js";
import { installTestWallet, TEST_WALLET } from "./harness/test-wallet.js";

let stack: TestStack;
let browser: Browser;
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
  const app = express();
  app.get(
    "/report",
    paywall({
      price: "$0.001",
      description: "Daily <b>market</b> report",
      apiKey: stack.merchant.sk,
      gatewayUrl: stack.apiUrl,
    }),
    (_req, res) => {
      res.json({ report: "BTC up", paidCall: true });
    },
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await stack?.close();
});

describe("x402 paywall page in Chromium", () => {
  it("a browser gets a payment page; paying with the wallet shows the resource, recorded as an x402 payment", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        problems.push(msg.text());
    });
    page.on("response", (res) => {
      const path = new URL(res.url()).pathname;
      if (res.status() >= 400 && path !== "/report" && path !== "/favicon.ico")
        problems.push(`${res.status()} ${res.url()}`);
    });
    await installTestWallet(page, stack.devnetUrl);

    const first = await page.goto(`${apiUrl}/report`);
    expect(first?.status()).toBe(402);
    expect(first?.headers()["content-security-policy"]).toContain("script-src");
    // Merchant text is escaped, not markup.
    await expect.poll(() => page.getByText("Daily <b>market</b> report").isVisible()).toBe(true);

    const dialog = page.getByRole("dialog", { name: X402_MESSAGES.x402Title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("$0.001").first().isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(X402_MESSAGES.viaAssetOnStacks("USDC")).isVisible()).toBe(true);

    await dialog.getByRole("button", { name: X402_MESSAGES.payWithStacksWallet }).click();
    await expect
      .poll(() => dialog.getByText(X402_MESSAGES.paymentVerified).isVisible(), { timeout: 30_000 })
      .toBe(true);
    // Auto-closes after 3 s and shows what was paid for.
    const resource = page.locator("#spay-x402-resource");
    await expect.poll(() => resource.textContent(), { timeout: 10_000 }).toContain("BTC up");

    const calls = await page.evaluate(
      () => (window as unknown as { __walletCalls: { method: string }[] }).__walletCalls,
    );
    expect(calls.map((c) => c.method)).toContain("stx_callContract");
    const intents = await fetch(`${stack.apiUrl}/v1/payment_intents?limit=1`, {
      headers: { authorization: `Bearer ${stack.merchant.sk}` },
    }).then((r) => r.json() as Promise<{ data: Array<Record<string, unknown>> }>);
    expect(intents.data[0]).toMatchObject({
      payment_method: "x402",
      amount_asset: "1000",
      metadata: expect.objectContaining({ payer: TEST_WALLET.address }),
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it("closing the overlay leaves a button that opens it again, reachable by keyboard", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${apiUrl}/report`);
    const dialog = page.getByRole("dialog", { name: X402_MESSAGES.x402Title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The dialog takes focus when it opens (its chunk loads first); Escape then closes it.
    await expect
      .poll(() =>
        dialog.evaluate((el) => el.contains((el.getRootNode() as Document | ShadowRoot).activeElement)),
      )
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    const button = page.getByRole("button", { name: PAYWALL_PAGE_MESSAGES.pay });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await context.close();
  });
});
