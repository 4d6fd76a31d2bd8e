/** A shopper's browser tab with the devnet test wallet, and the checkout's wallet path to settlement. */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { MESSAGES } from "../../../src/core/messages.ts";
import { installTestWallet } from "./test-wallet.ts";

export interface ShopperTab {
  page: Page;
  /** Uncaught errors of the page, to assert there were none. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens `url` in a fresh context whose page has the injected wallet paying on the devnet. */
export async function openWithTestWallet(
  browser: Browser,
  devnetUrl: string,
  url: string,
): Promise<ShopperTab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await installTestWallet(page, devnetUrl);
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** Waits for the wallet dialog to report the broadcast, then for the gateway's settlement. */
export async function walletPaymentSettles(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
  await expect.poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 }).toBe(true);
  await expect
    .poll(() => page.getByText(MESSAGES.paymentSettled).first().isVisible(), { timeout: 30_000 })
    .toBe(true);
}
