import { readFile } from "node:fs/promises";
import type { PaymentStatus } from "@spay/protocol";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../harness/axe.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { screenshotBothThemes } from "../harness/screenshots.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { installTestWallet } from "../harness/test-wallet.ts";
import { startWebhookReceiver } from "../harness/webhook-receiver.ts";

/**
 * A merchant's day in Chromium against the real gateway and devnet: a product and its payment
 * link, a customer paying it with the injected wallet, the payment arriving live in Payments with
 * its timeline and webhook delivery, fulfillment, analytics and CSV export, keys and webhooks,
 * the hosted /pay/:id checkout, and 10,000 payments scrolled through a virtual list.
 */
describe("merchant dashboard part 2 in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let merchantContext: BrowserContext;
  let page: Page;
  let customer: BrowserContext;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let merchant: SeededMerchant;
  let linkUrl = "";
  let paidIntentId = "";

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${stack.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    });

  async function customerPage(): Promise<Page> {
    const p = await customer.newPage();
    await installTestWallet(p, stack.devnetUrl);
    await p.addInitScript(() => {
      (window as unknown as { __walletRole: string }).__walletRole = "payer";
    });
    return p;
  }

  beforeAll(async () => {
    [stack, browser, receiver] = await Promise.all([startStack(), launchChromium(), startWebhookReceiver()]);
    merchant = await seedMerchant(stack);
    merchantContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    page = await merchantContext.newPage();
    await signInPage(page, merchant);
    customer = await browser.newContext({ viewport: { width: 900, height: 900 } });
  });

  afterAll(async () => {
    await merchantContext?.close();
    await customer?.close();
    await browser?.close();
    await receiver?.close();
    await stack?.close();
  });

  it("creates a product in the full-screen editor, previewed by the SDK's components, with its integration code", async () => {
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.url}/products`);
    await page.getByText("No products yet").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add First Product" }).click();
    await page.getByRole("dialog", { name: "Add Product" }).waitFor();
    // After the first save the same dialog reads 'Edit Product'.
    const editor = page.getByRole("dialog");
    await editor.getByRole("button", { name: "Save Product" }).click();
    await editor.getByText("Product name is required").waitFor();
    await editor.getByLabel("Product name", { exact: true }).fill("Coffee Beans");
    await editor.getByLabel("Description").fill("Single origin, 250 g");
    await editor.getByLabel("Price").fill("12.499");
    await editor.getByLabel("Stock").fill("10");
    await editor.getByLabel("Require email").check();
    await editor.getByLabel("Require shipping address").check();
    // The SDK's card in preview mode: badges, TEST, a disabled Pay.
    const preview = editor.getByTestId("preview-card");
    await preview.getByText("Email Required").waitFor();
    await preview.getByText("Shipping Required").waitFor();
    await preview.getByText("$12.50").first().waitFor();
    await editor.getByRole("tab", { name: "Button view" }).click();
    await editor
      .getByTestId("preview-button")
      .getByText(/Buy \$12\.50/)
      .waitFor();
    await editor.getByText("Integration Code").click();
    expect(await editor.getByTestId("snippet").textContent()).toContain("/sdk/spay.js");
    await editor.getByRole("tab", { name: "React" }).click();
    expect(await editor.getByTestId("snippet").textContent()).toContain("@spay/sdk/react");
    await editor.getByRole("button", { name: "Save Product" }).click();
    await page.getByRole("dialog", { name: "Edit Product" }).getByTestId("payment-link-url").waitFor();
    linkUrl = (await editor.getByTestId("payment-link-url").getAttribute("href")) ?? "";
    expect(linkUrl).toMatch(/\/payment-links\/plink_/);
    await editor.getByRole("tab", { name: "URL" }).click();
    expect(await editor.getByTestId("snippet").textContent()).toContain(
      linkUrl.replace(/^https?:\/\/[^/]+/, ""),
    );
    await editor.getByRole("button", { name: "Copy", exact: true }).click();
    await editor.getByText("Copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("/payment-links/");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "product-editor");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Edit Coffee Beans" }).waitFor();
    await page.getByText("$12.50").first().waitFor();
    await screenshotBothThemes(page, "products");
  });

  it("adds a webhook endpoint against a local receiver and tests it", async () => {
    await page.goto(`${stack.url}/integrations`);
    await page.getByRole("button", { name: "Add Webhook" }).click();
    const modal = page.getByRole("dialog", { name: "Add Webhook Endpoint" });
    await modal.getByLabel("Endpoint URL").fill(receiver.url);
    await modal.getByRole("button", { name: "Save Endpoint" }).click();
    expect(await page.getByTestId("endpoint-secret").locator("code").textContent()).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Test Sandbox Webhook" }).click();
    await page.getByText(/^Webhook delivered: 200/).waitFor();
    await page.getByText("Tested & Working").waitFor();
    expect(receiver.received.some((b) => b.includes("webhook.sandbox_test"))).toBe(true);
  });

  it("a customer pays the link with the wallet and keeps a receipt; Payments shows it Paid without reload", async () => {
    await page.goto(`${stack.url}/payments`);
    await page.getByText("No payments yet").waitFor();
    const buyer = await customerPage();
    buyer.setDefaultTimeout(15_000);
    await buyer.goto(linkUrl);
    await buyer.getByTestId("link-card-view").getByText("Coffee Beans").first().waitFor();
    expect(await seriousAxeViolations(buyer)).toEqual([]);
    await screenshotBothThemes(buyer, "payment-link");
    // SPEC.md §5: Pay stays disabled until the required email and shipping address are given.
    expect(await buyer.getByRole("button", { name: "Pay" }).isDisabled()).toBe(true);
    await buyer.getByLabel("Email").fill("ann.buyer@example.com");
    await buyer.getByLabel("Shipping Address").fill("1 Main St, Springfield");
    await buyer.getByLabel("sBTC Wallet").check();
    await buyer.getByRole("button", { name: "Pay" }).click();
    await buyer.getByTestId("receipt").waitFor({ timeout: 90_000 });
    const txid = (await buyer.getByTestId("receipt-txid").textContent()) ?? "";
    expect(txid).toMatch(/^(0x)?[0-9a-f]{64}$/);
    // The devnet has no transaction page a person can open: the txid with Copy, no Hiro link.
    expect(await buyer.locator("a[href*='explorer.hiro.so']").count()).toBe(0);
    await buyer.getByRole("button", { name: /Copy transaction ID/ }).waitFor();
    expect(await seriousAxeViolations(buyer)).toEqual([]);
    await screenshotBothThemes(buyer, "payment-link-receipt");
    await buyer.close();

    // The merchant's page was open all along: the payment arrived through the event stream.
    const card = page.locator("[data-testid^='payment-pi_']").first();
    await card.getByTestId("payment-status").getByText("Paid").waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain("ann.buyer@example.com");
    expect(await card.textContent()).toContain("$12.50");
    paidIntentId = ((await card.getAttribute("data-testid")) ?? "").replace("payment-", "");
    await page.getByTestId("chip-paid").getByText("1").waitFor();
  }, 120_000);

  it("shows the payment's timeline and webhook delivery, and sets its fulfillment", async () => {
    await page.getByRole("button", { name: `View details of ${paidIntentId}` }).click();
    const detail = page.getByRole("dialog", { name: "Payment details" });
    await detail
      .getByTestId("payment-timeline")
      .getByText(/→ Paid/)
      .waitFor();
    // The webhook worker delivers payment_intent.succeeded to the receiver; reopen until logged.
    for (let i = 0; i < 20; i++) {
      if (
        (await detail.getByTestId("payment-deliveries").textContent())?.includes("payment_intent.succeeded")
      )
        break;
      await page.keyboard.press("Escape");
      await page.waitForTimeout(500);
      await page.getByRole("button", { name: `View details of ${paidIntentId}` }).click();
      await detail.getByTestId("payment-timeline").waitFor();
    }
    const deliveries = (await detail.getByTestId("payment-deliveries").textContent()) ?? "";
    expect(deliveries).toContain("payment_intent.succeeded");
    expect(deliveries).toContain("succeeded");
    expect(
      receiver.received.some((b) => b.includes("payment_intent.succeeded") && b.includes(paidIntentId)),
    ).toBe(true);
    await detail.getByRole("combobox", { name: "Fulfillment status" }).selectOption("shipped");
    await detail.getByRole("button", { name: "Update" }).click();
    await detail.getByText("Fulfillment updated").waitFor();
    await detail.getByTestId("payment-timeline").getByText("Fulfillment: Shipped").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "payment-detail");
    await page.keyboard.press("Escape");
    await page
      .getByTestId(`payment-${paidIntentId}`)
      .getByTestId("payment-fulfillment")
      .getByText("Shipped")
      .waitFor();
    await page.getByTestId("chip-fulfillment").click();
    await page.getByTestId(`payment-${paidIntentId}`).waitFor();
    await page.getByTestId("chip-failed").click();
    await page.getByText("No failed payments found").waitFor();
    await page.getByText("Try selecting a different filter").waitFor();
    await page.getByTestId("chip-all").click();
    await page.getByTestId(`payment-${paidIntentId}`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "payments");
  });

  it("counts the payment in the analytics cards and chart, and exports it as CSV", async () => {
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId("card-Total Revenue").getByText("$12.50").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("card-Transactions").textContent()).toContain("1");
    expect(await page.getByTestId("card-Success Rate").textContent()).toContain("100%");
    expect(await page.getByTestId("card-Active Customers").textContent()).toContain("1");
    const bars = await page
      .locator(".chart-bar")
      .evaluateAll((rects) => rects.filter((r) => Number(r.getAttribute("height")) > 0).length);
    expect(bars).toBe(1);
    expect(await page.getByTestId("recent-customers").textContent()).toContain("ann.buyer@example.com");
    await page.getByRole("button", { name: "30D" }).click();
    await expect.poll(() => page.locator(".chart-bar").count()).toBe(30);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Data" }).click(),
    ]);
    const csv = await readFile((await download.path()) ?? "", "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^id,created_at,amount_usd/);
    expect(csv).toContain(`${paidIntentId},`);
    expect(csv).toContain(",12.50,usd,payment_settled,shipped,ann.buyer@example.com,");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "analytics");
    await page.getByRole("button", { name: "View All Transactions" }).click();
    await page.waitForURL(`${stack.url}/payments`);
  });

  it("creates, copies, reveals and revokes an API key; the revoked key is refused by the API", async () => {
    await page.goto(`${stack.url}/integrations`);
    await page.getByRole("button", { name: "+ Secret Key" }).click();
    const modal = page.getByRole("dialog", { name: "New Secret Key" });
    await modal.getByLabel("Key Name").fill("CI key");
    await modal.getByRole("button", { name: "Create Key" }).click();
    const row = page.locator("[data-testid^='api-key-']", { hasText: "CI key" });
    const full = (await row.getByTestId("key-value").textContent()) ?? "";
    expect(full).toMatch(/^sk_test_[A-Za-z0-9]{20,}$/);
    await row.getByRole("button", { name: "Hide CI key" }).click();
    expect(await row.getByTestId("key-value").textContent()).toBe(`${full.slice(0, 12)}${"•".repeat(12)}`);
    await row.getByRole("button", { name: "Copy CI key" }).click();
    await row.getByRole("button", { name: "Copied! CI key" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await row.getByText("Never used").waitFor();
    expect((await api("/v1/products", full)).status).toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "integrations");
    page.once("dialog", (d) => {
      expect(d.message()).toBe("Are you sure you want to revoke this API key? This action cannot be undone.");
      void d.accept();
    });
    await row.getByRole("button", { name: "Revoke CI key" }).click();
    await row.waitFor({ state: "detached" });
    expect((await api("/v1/products", full)).status).toBe(401);
  });

  it("redelivers a webhook from the endpoint's delivery log", async () => {
    const before = receiver.received.length;
    await page.getByText("Delivery log").click();
    const log = page.getByTestId("delivery-log");
    await log.getByText("payment_intent.succeeded").first().waitFor();
    await log
      .locator("li", { hasText: "payment_intent.succeeded" })
      .first()
      .getByRole("button", { name: "Redeliver" })
      .click();
    await page.getByText("Queued for redelivery").waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(before);
  });

  it("pays a payment intent on the hosted checkout page its checkout_url opens", async () => {
    const created = await api("/v1/payment_intents", merchant.sk, {
      method: "POST",
      body: JSON.stringify({ amount_minor: 300, metadata: { product_name: "Espresso" } }),
    }).then((r) => r.json() as Promise<{ id: string; client_secret: string; checkout_url: string }>);
    expect(created.checkout_url).toBe(
      `${stack.url}/pay/${created.id}?client_secret=${created.client_secret}`,
    );
    const buyer = await customerPage();
    // The id alone opens nothing: the page needs the client secret checkout_url carries.
    await buyer.goto(`${stack.url}/pay/${created.id}`);
    await buyer.getByText("This payment does not exist or has been removed.").waitFor();
    await buyer.goto(created.checkout_url);
    await buyer.getByTestId("hosted-checkout").getByText("Espresso").waitFor();
    expect(await buyer.getByTestId("hosted-status").textContent()).toBe("Awaiting Payment");
    expect(await seriousAxeViolations(buyer)).toEqual([]);
    await screenshotBothThemes(buyer, "hosted-checkout");
    await buyer.getByRole("button", { name: "Pay with Wallet" }).click();
    await buyer.getByTestId("receipt").waitFor({ timeout: 90_000 });
    expect(await buyer.getByTestId("receipt").textContent()).toContain("$3.00");
    await buyer.goto(`${stack.url}/pay/pi_doesnotexist`);
    await buyer.getByText("This payment does not exist or has been removed.").waitFor();
    await buyer.goto(`${stack.url}/payment-links/plink_doesnotexist`);
    await buyer.getByRole("heading", { name: "Payment Link Not Found" }).waitFor();
    await buyer.getByText("This payment link does not exist or has been removed.").waitFor();
    await buyer.getByRole("link", { name: "Go to Homepage" }).waitFor();
    await buyer.close();
  });

  it("scrolls 10,000 seeded payments with a bounded DOM and smooth frames", async () => {
    const big = await seedMerchant(stack, { verifyWallet: false });
    const env = await stack.deps.db
      .selectFrom("environments")
      .select("id")
      .where("workspace_id", "=", big.workspaceId)
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const statuses: PaymentStatus[] = [
      "payment_settled",
      "requires_payment_method",
      "failed",
      "transaction_pending",
    ];
    for (let chunk = 0; chunk < 10; chunk++) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = chunk * 1000 + i;
        const id = `pi_seed${String(n).padStart(17, "0")}`;
        return {
          id,
          workspace_id: big.workspaceId,
          environment_id: env.id,
          env: "test" as const,
          amount_micros: (100 + (n % 5000)) * 10_000,
          currency: "usd",
          asset: "sbtc" as const,
          amount_asset: String(1000 + n),
          usd_per_btc: "100000",
          token_contract: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
          recipient: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
          memo: id,
          status: statuses[n % statuses.length] ?? "payment_settled",
          fulfillment_status: "not_required" as const,
          customer_email: `buyer${n}@example.com`,
          shipping_address: JSON.stringify(null),
          merchant_principal: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
          txid: null,
          payment_method: "qr",
          metadata: JSON.stringify({}),
          product_id: null,
          status_reason: null,
          expires_at: now + 900,
          created_at: now - 10_000 + n,
          updated_at: now,
          canceled_at: null,
          cancellation_reason: null,
        };
      });
      await stack.deps.db.insertInto("payment_intents").values(rows).execute();
    }
    const bigPage = await merchantContext.newPage();
    await signInPage(bigPage, big);
    await bigPage.goto(`${stack.url}/payments`);
    await bigPage.getByTestId("chip-all").getByText("10000").waitFor({ timeout: 20_000 });
    const viewport = bigPage.getByTestId("payments-viewport");
    await viewport.locator(".virtual-row").first().waitFor();
    const rowCounts: number[] = [];
    // Scroll to the end of what is loaded again and again: pages of 100 keep arriving.
    for (let i = 0; i < 8; i++) {
      await viewport.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await bigPage.waitForTimeout(250);
      rowCounts.push(await viewport.locator(".virtual-row").count());
    }
    const loaded = await viewport.evaluate((el) => Math.round(el.scrollHeight / 176));
    expect(loaded).toBeGreaterThanOrEqual(500);
    expect(Math.max(...rowCounts)).toBeLessThanOrEqual(30);
    // Smooth: a second of continuous scrolling keeps the frames coming.
    const frames = await viewport.evaluate(
      (el) =>
        new Promise<number>((resolve) => {
          let count = 0;
          const start = performance.now();
          const tick = (t: number) => {
            count++;
            el.scrollTop = Math.max(0, el.scrollTop - 120);
            if (t - start < 1000) requestAnimationFrame(tick);
            else resolve(count);
          };
          requestAnimationFrame(tick);
        }),
    );
    console.log(
      `10,000 payments: ${frames} frames in 1 s of scrolling, ≤ ${Math.max(...rowCounts)} rows in the DOM`,
    );
    expect(frames).toBeGreaterThanOrEqual(30);
    expect(await viewport.locator(".virtual-row").count()).toBeLessThanOrEqual(30);
    await bigPage.close();
  });
});
