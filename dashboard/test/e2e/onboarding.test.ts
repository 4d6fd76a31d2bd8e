import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { seriousAxeViolations } from "../harness/axe.ts";
import { launchChromium } from "../harness/chromium.ts";
import { screenshotBothThemes } from "../harness/screenshots.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { installTestWallet, WALLETS } from "../harness/test-wallet.ts";
import { startWebhookReceiver } from "../harness/webhook-receiver.ts";

/**
 * A newcomer from the landing page to a live workspace, in Chromium against the real gateway and
 * devnet: register → Get Started (workspace, wallet signature, business info, webhook test,
 * sandbox payment settled on chain) → go-live → settings (environments, delete account).
 * One page walks the whole journey; each test continues where the previous one stopped.
 */
describe("Get Started flow in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const email = `newcomer-${Date.now()}@example.com`;
  const password = "correct horse battery";
  let secretKey = "";

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    [stack, browser, receiver] = await Promise.all([startStack(), launchChromium(), startWebhookReceiver()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await installTestWallet(page, stack.devnetUrl);
    // Another merchant already owns the organization slug 'taken-org'.
    const other = await api("POST", "/v1/auth/register", {
      email: `other-${Date.now()}@example.com`,
      password,
    });
    await api(
      "POST",
      "/v1/organizations",
      { name: "Other", slug: "taken-org" },
      other.body.session_id as string,
    );
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await stack?.close();
  });

  it("registers from the landing page and lands on /getting-started", async () => {
    await page.goto(stack.url);
    await page.getByRole("button", { name: "Get Free API Key" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Register" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(`${stack.url}/getting-started`);
    await page.getByRole("heading", { level: 1, name: "Get Started" }).waitFor();
  });

  it("creates the organization and workspace, explaining a taken slug", async () => {
    const create = page.getByRole("button", { name: "Create Organization & Workspace" });
    await page.getByLabel("Organization name").fill("Acme Coffee");
    expect(await page.getByLabel("Organization slug").inputValue()).toBe("acme-coffee");
    expect(await page.getByTestId("org-url-hint").textContent()).toBe("pay.127.0.0.1/acme-coffee");
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel("Workspace name", { exact: true }).fill("Main Store");
    expect(await page.getByLabel("Workspace slug (optional)").getAttribute("placeholder")).toBe("main-store");
    await page.getByLabel("Organization slug").fill("taken-org");
    await create.click();
    await page.getByText("Organization slug is already taken. Please choose a different one.").waitFor();
    await page.getByLabel("Organization slug").fill("acme-coffee");
    await create.click();
    const id = await page.getByTestId("workspace-id").textContent();
    expect(id).toMatch(/^ws_/);
  });

  it("verifies the payout wallet with a signature checked by the server and shows the principal", async () => {
    expect(await page.getByLabel("Business name").isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Connect Wallet & Sign" }).click();
    const principal = await page.getByTestId("wallet-principal").textContent();
    expect(principal).toBe(WALLETS.merchant.address);
    const calls = await page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
    expect(calls).toEqual(expect.arrayContaining(["getAddresses", "stx_signMessage"]));
    // The secret key is shown in full once, right after it was created.
    secretKey = (await page.getByTestId("key-sk").locator("code").textContent()) ?? "";
    expect(secretKey).toMatch(/^sk_test_[A-Za-z0-9]{20,}$/);
  });

  it("saves business information on blur", async () => {
    await page.getByLabel("Business name").fill("Acme Coffee Roasters");
    await page.getByLabel("Website URL").fill("https://acme.example");
    await page.getByLabel("Business description").fill("Single-origin beans, paid in sBTC.");
    await page.getByLabel("Business name").focus();
    await page.getByText("Saved").waitFor();
    await page.reload();
    await page.getByTestId("wallet-principal").waitFor();
    expect(await page.getByLabel("Website URL").inputValue()).toBe("https://acme.example");
    expect(await page.getByLabel("Business description").inputValue()).toBe(
      "Single-origin beans, paid in sBTC.",
    );
  });

  it("tests the webhook through the server's sandbox endpoint", async () => {
    const url = page.getByLabel("Webhook URL");
    await url.fill("ftp://example.com");
    await page.getByRole("button", { name: "Send Sandbox Test" }).click();
    await page.getByText("Please enter a valid webhook URL (must start with http:// or https://)").waitFor();
    expect(await page.getByRole("switch", { name: "Demo Mode" }).isChecked()).toBe(true);
    await url.fill(receiver.url);
    await page.getByRole("button", { name: "Send Sandbox Test" }).click();
    await page.getByText(/^Webhook delivered: 200/).waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0] ?? "{}")).toMatchObject({ type: "webhook.sandbox_test" });
  });

  it("lists the auto-created test keys and settles the $1 sandbox payment on the devnet", async () => {
    // After a reload the secret key is masked after its first 12 characters.
    const masked = await page.getByTestId("key-sk").locator("code").textContent();
    expect(masked).toBe(`${secretKey.slice(0, 12)}${"•".repeat(12)}`);
    const publishable = await page.getByTestId("key-pk").locator("code").textContent();
    expect(publishable).toMatch(/^pk_test_/);
    await page.evaluate(() => {
      (window as unknown as { __walletRole: string }).__walletRole = "payer";
    });
    await page.getByRole("button", { name: "Create Test Payment" }).click();
    await page.getByText("Payment confirmed").waitFor({ timeout: 60_000 });
    await page.getByTestId("test-payment-done").waitFor();
    // The server says so, not the page: the newest intent is settled, on chain, for $1.
    const list = await fetch(`${stack.apiUrl}/v1/payment_intents?limit=1`, {
      headers: { authorization: `Bearer ${secretKey}` },
    }).then((r) => r.json() as Promise<{ data: { status: string; amount_minor: number; txid: string }[] }>);
    expect(list.data[0]).toMatchObject({ status: "payment_settled", amount_minor: 100 });
    const tx = await fetch(`${stack.devnetUrl}/extended/v1/tx/${list.data[0]?.txid}`).then(
      (r) => r.json() as Promise<{ tx_status: string }>,
    );
    expect(tx.tx_status).toBe("success");
  });

  it("goes live 500 ms after the last step and shows the post-go-live dashboard", async () => {
    await page.getByTestId("live-panel").waitFor();
    // A sandbox with test keys is ready for test payments: it is not told it is live.
    const notice = await page.getByTestId("live-panel").textContent();
    expect(notice).toContain("Your sandbox is ready");
    expect(notice).not.toContain("You're live!");
    const progress = page.getByRole("progressbar", { name: "Setup progress" });
    // The bar counts the same five steps as the step cards (workspace, wallet, business, webhook, sandbox).
    expect(await progress.getAttribute("aria-valuenow")).toBe("5");
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.getByTestId("post-live-dashboard").waitFor();
    // The analytics dashboard counts the settled $1 sandbox payment.
    await page.getByTestId("card-Success Rate").getByText("100%").waitFor();
    expect(await page.getByTestId("card-Total Revenue").textContent()).toContain("$1.00");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.getByRole("link", { name: "Get Started" }).count()).toBe(0);
    // Once set up, only the mail inbox sits under 'More'; Customers is a tab.
    expect(await nav.getByRole("link", { name: "Customers" }).count()).toBe(1);
    await nav.getByRole("button", { name: /More/ }).click();
    expect(await nav.getByRole("link", { name: "Mail" }).count()).toBe(1);
    await nav.getByRole("button", { name: /More/ }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "dashboard-live");
  });

  it("keeps the Get Started page accessible in both themes", async () => {
    await page.goto(`${stack.url}/getting-started`);
    await page.getByTestId("live-panel").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "getting-started");
  });

  it("manages environments: never the last one, validated names, rename and delete", async () => {
    // Each step takes about a second: a step that waits longer fails by its own locator, not as
    // the whole test's timeout (once, on CI, this test ran out of its 30 s with no step named).
    page.setDefaultTimeout(10_000);
    onTestFinished(() => page.setDefaultTimeout(30_000));
    await page.goto(`${stack.url}/settings`);
    await page.getByRole("button", { name: "Manage All" }).click();
    const manager = page.getByRole("dialog", { name: "Manage Environments" });
    await manager.getByText("Cannot delete last environment").waitFor();
    expect(await manager.getByRole("button", { name: /^Delete/ }).isDisabled()).toBe(true);
    await manager.getByRole("button", { name: "Create Environment" }).click();
    const create = page.getByRole("dialog", { name: "Create Environment" });
    await create.getByLabel("Name").fill("bad name");
    await create.getByRole("button", { name: "Create Environment" }).click();
    await create
      .getByText("Invalid environment name. Use only letters, numbers, hyphens, and underscores.")
      .waitFor();
    await create.getByLabel("Name").fill("staging");
    await create.getByRole("button", { name: "Create Environment" }).click();
    await manager.getByTestId("environment-staging").waitFor();
    expect(await manager.getByText("Cannot delete last environment").count()).toBe(0);

    await manager.getByRole("button", { name: "Rename staging" }).click();
    const rename = page.getByRole("dialog", { name: "Rename Environment" });
    expect(await rename.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await rename.getByLabel("New Name").fill("qa");
    await rename.getByRole("button", { name: "Save" }).click();
    await manager.getByTestId("environment-qa").waitFor();

    await manager.getByRole("button", { name: "Delete qa" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Environment" });
    await confirm.getByText(/permanently deleted/).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await manager.getByText("Cannot delete last environment").waitFor();
    expect(await manager.getByTestId("environment-qa").count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBothThemes(page, "settings");
  });

  it("deletes the account only after exactly DELETE, server-side, and returns to /", async () => {
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Account" });
    await dialog.getByLabel('Type "DELETE" to confirm').fill("delete");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await dialog.getByText('Please type exactly "DELETE" to proceed').waitFor();
    await dialog.getByLabel('Type "DELETE" to confirm').fill("DELETE");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole("heading", { level: 1, name: /Accept Bitcoin/ }).waitFor();
    const merchantKeys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("merchant_")),
    );
    expect(merchantKeys).toEqual([]);
    const login = await api("POST", "/v1/auth/login", { email, password });
    expect(login.status).toBe(401);
  });
});
