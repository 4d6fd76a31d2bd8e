import { SBTC_ASSET_NAME } from "@spay/protocol";
import { Cl, Pc, postConditionToHex } from "@stacks/transactions";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import {
  type CallContractParams,
  installTestWallet,
  signAndBroadcast,
  WALLETS,
} from "../harness/test-wallet.ts";

interface Intent {
  id: string;
  status: string;
  amount_asset: string;
  token_contract: string;
  recipient: string;
  memo: string;
  amount_refunded?: string;
}

describe("refunding a settled payment in the browser (issue 19)", () => {
  let stack: TestStack;
  let browser: Browser;
  let merchant: SeededMerchant;

  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedMerchant(stack);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("the merchant refunds part of a paid payment with the wallet and sees it succeed", async () => {
    // A customer pays 20.00 in sBTC from the devnet payer account: a real signed SIP-010 transfer.
    const intent = await api<Intent>("/v1/payment_intents", {
      method: "POST",
      body: { amount_minor: 2000, customer_email: "payer@example.com" },
    });
    const amount = BigInt(intent.amount_asset);
    const payer = WALLETS.payer.address;
    await signAndBroadcast(stack.devnetUrl, WALLETS.payer.privateKey, {
      contract: intent.token_contract as `${string}.${string}`,
      functionName: "transfer",
      functionArgs: [
        Cl.uint(amount),
        Cl.principal(payer),
        Cl.principal(intent.recipient),
        Cl.some(Cl.bufferFromUtf8(intent.memo)),
      ].map((cv) => Cl.serialize(cv)),
      postConditions: [
        Pc.principal(payer)
          .willSendEq(amount)
          .ft(intent.token_contract as `${string}.${string}`, SBTC_ASSET_NAME),
      ].map((pc) => postConditionToHex(pc)),
    });
    await until(
      () => api<Intent>(`/v1/payment_intents/${intent.id}`),
      (pi) => pi.status === "payment_settled",
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const walletCalls: CallContractParams[] = [];
    // The merchant's browser wallet presents the payout address and signs with the payout key.
    await installTestWallet(page, stack.devnetUrl, walletCalls);
    await signInPage(page, merchant);
    await page.goto(`${stack.url}/payments`);
    await page.getByRole("button", { name: `View details of ${intent.id}` }).click();
    const detail = page.getByTestId("payment-detail");
    await detail.getByRole("button", { name: "Refund", exact: true }).click();
    const form = page.getByRole("form", { name: "Refund this payment" });
    const half = amount / 2n;
    await form.getByLabel("Amount (sBTC)").fill((Number(half) / 1e8).toFixed(8));
    await form.getByRole("button", { name: "Refund with wallet" }).click();
    await page.getByText("Refund confirmed on chain.").waitFor({ timeout: 45_000 });
    await detail.getByTestId("refund-list").getByText("Succeeded").waitFor();
    await page.getByText("Partially Refunded").first().waitFor();

    const after = await api<Intent>(`/v1/payment_intents/${intent.id}`);
    expect(after).toMatchObject({ status: "partially_refunded", amount_refunded: half.toString() });
    expect(walletCalls).toHaveLength(1);
    expect(walletCalls[0]?.contract).toBe(intent.token_contract);
    await context.close();
  }, 120_000);
});
