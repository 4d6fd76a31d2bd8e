import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, OVERLAY_MESSAGES, WALLET_MESSAGES } from "../../../sdk/src/core/messages.ts";
import { HOSTED_CHECKOUT } from "../../src/checkout/messages.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { installTestWallet, WALLETS } from "../harness/test-wallet.ts";

/** The largest price a checkout takes: about nine BTC, where the payer's wallet holds one. */
const TOO_MUCH_MINOR = 99_999_999;

/**
 * A payment the chain refuses, as a customer meets it: the payer's wallet signs a real sBTC
 * transfer for more than it holds, the devnet's Clarity VM aborts it (`err u1`), and every
 * checkout surface — the overlay over the hosted /pay page and over the payment-link card — says
 * so in plain words and offers to try again. After the faucet tops the wallet up, Try Again pays.
 */
describe("a transfer that fails on chain, at every checkout surface", () => {
  let stack: TestStack;
  let browser: Browser;
  let customer: BrowserContext;
  let merchant: SeededMerchant;

  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  /** The devnet faucet sends the payer `sats` of sBTC, mined before it returns. */
  const topUpPayer = async (sats: string) => {
    const res = await fetch(
      `${stack.devnetUrl}/extended/v1/faucets/sbtc?address=${WALLETS.payer.address}&amount=${sats}`,
      { method: "POST" },
    );
    const body = (await res.json()) as { success: boolean; txId?: string };
    expect(body.success).toBe(true);
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${stack.devnetUrl}/extended/v1/tx/${body.txId}`)).json()) as {
              tx_status?: string;
            }
          ).tx_status,
        { timeout: 30_000 },
      )
      .toBe("success");
  };

  async function payerPage(): Promise<Page> {
    const page = await customer.newPage();
    page.setDefaultTimeout(30_000);
    await installTestWallet(page, stack.devnetUrl);
    await page.addInitScript(() => {
      (window as unknown as { __walletRole: string }).__walletRole = "payer";
    });
    return page;
  }

  /** The checkout overlay after a refused transfer: the plain words, then Try Again. */
  async function seesFailureThenRetries(page: Page) {
    const dialog = page.getByRole("dialog");
    await dialog.getByText(CHECKOUT_MESSAGES.transactionFailedOrCancelled).waitFor({ timeout: 20_000 });
    // Never the spinner of a wallet that is still connecting.
    expect(await dialog.getByText(WALLET_MESSAGES.connectingWallet).count()).toBe(0);
    return dialog.getByRole("button", { name: OVERLAY_MESSAGES.tryAgain });
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedMerchant(stack);
    customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  });

  afterAll(async () => {
    await customer?.close();
    await browser?.close();
    await stack?.close();
  });

  it("the hosted page and its overlay say the transfer failed, and Try Again pays once the wallet can", {
    timeout: 150_000,
  }, async () => {
    const intent = await api<{ id: string; checkout_url: string; amount_asset: string }>(
      "/v1/payment_intents",
      {
        amount_minor: TOO_MUCH_MINOR,
        metadata: { product_name: "Gold bar" },
      },
    );
    const page = await payerPage();
    await page.goto(intent.checkout_url);
    await page.getByRole("button", { name: HOSTED_CHECKOUT.payWithWallet }).click();
    const retry = await seesFailureThenRetries(page);
    const status = await fetch(`${stack.apiUrl}/v1/payment_intents/${intent.id}`, {
      headers: { authorization: `Bearer ${merchant.sk}` },
    }).then((r) => r.json() as Promise<{ status: string; status_reason: string }>);
    expect(status).toMatchObject({
      status: "requires_payment_method",
      status_reason: expect.stringMatching(/^transaction_failed:/),
    });
    // Closed, the page itself still says what happened and offers another try.
    await page.getByRole("dialog").getByRole("button", { name: OVERLAY_MESSAGES.close }).click();
    await page.getByTestId("hosted-transfer-failed").getByText(HOSTED_CHECKOUT.transferFailed).waitFor();
    expect(await retry.count()).toBe(0);
    await topUpPayer(intent.amount_asset);
    await page.getByRole("button", { name: HOSTED_CHECKOUT.tryAgain }).click();
    await page.getByTestId("receipt").waitFor({ timeout: 90_000 });
    expect(await page.getByTestId("receipt").textContent()).toContain("$999,999.99");
  });

  it("the payment-link card's overlay says so too, and its Try Again pays", {
    timeout: 150_000,
  }, async () => {
    const link = await api<{ id: string }>("/api/payment-links", {
      product_data: { name: "Gold bar", price_minor: TOO_MUCH_MINOR, description: "One of one" },
    });
    const page = await payerPage();
    await page.goto(`${stack.url}/payment-links/${link.id}`);
    await page.getByTestId("link-card-view").getByText("Gold bar").first().waitFor();
    const email = page.getByLabel("Email");
    if (await email.count()) await email.fill("gold.buyer@example.com");
    const address = page.getByLabel("Shipping Address");
    if (await address.count()) await address.fill("1 Main St, Springfield");
    await page.getByLabel("sBTC Wallet").check();
    await page.getByRole("button", { name: "Pay" }).click();
    const retry = await seesFailureThenRetries(page);
    // Enough for this payment now: the same Try Again sends a new transfer that settles.
    await topUpPayer("1000000000");
    await retry.click();
    await page.getByTestId("receipt").waitFor({ timeout: 90_000 });
  });
});
