import { INTENT_EVENT, REFUND_EVENT, type RefundStatus } from "@spay/protocol";
import type { ParsedMail } from "mailparser";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_MESSAGES } from "../../../server/src/services/mail/messages.ts";
import type { Customer } from "../../src/customers/customers-api.ts";
import { CUSTOMERS } from "../../src/customers/messages.ts";
import { usd } from "../../src/payments/payment-rules.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { type SmtpInbox, startSmtpInbox } from "../harness/smtp-inbox.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { type CallContractParams, installTestWallet, payerPays } from "../harness/test-wallet.ts";
import { type SignedDelivery, startWebhookReceiver } from "../harness/webhook-receiver.ts";

interface Intent {
  id: string;
  status: string;
  amount_asset: string;
  token_contract: string;
  recipient: string;
  memo: string;
  amount_refunded?: string;
  txid?: string | null;
}

interface Refund {
  id: string;
  payment_intent: string;
  amount: string;
  amount_minor: number;
  amount_micros: string;
  status: RefundStatus;
  txid: string | null;
}

interface WebhookEvent {
  id: string;
  type: string;
  data: { object: { id: string; payment_intent?: string; amount?: string; status?: RefundStatus } };
}

const PAYER_EMAIL = "payer@example.com";
/** The seeded merchant's business name (harness/merchant.ts), which the receipts are from. */
const MERCHANT_NAME = "Acme Coffee";
/** The events the merchant's endpoint subscribes to: what a refunded payment adds. */
const SUBSCRIBED = [INTENT_EVENT.succeeded, REFUND_EVENT.created, REFUND_EVENT.succeeded];

/** The mail's text and HTML parts both state `needle`. */
function expectInBothParts(mail: ParsedMail, needle: string) {
  expect(mail.text).toContain(needle);
  expect(String(mail.html)).toContain(needle);
}

/**
 * Refunds end to end: a customer pays on the devnet, the merchant refunds half from the dashboard
 * with the wallet; the payer gets both receipts over real SMTP, the merchant's endpoint gets the
 * events signed (verified by the standardwebhooks package), and the customer is listed net of the refund.
 */
describe("refunding a settled payment in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let merchant: SeededMerchant;
  let inbox: SmtpInbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let webhookSecret: string;

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
    [inbox, receiver] = await Promise.all([startSmtpInbox(), startWebhookReceiver()]);
    [stack, browser] = await Promise.all([startStack({ smtpUrl: inbox.url }), launchChromium()]);
    merchant = await seedMerchant(stack);
    const endpoint = await api<{ secret: string }>("/v1/webhook_endpoints", {
      method: "POST",
      body: { url: receiver.url, enabled_events: SUBSCRIBED },
    });
    webhookSecret = endpoint.secret;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await Promise.all([inbox?.close(), receiver?.close()]);
  });

  /** The delivery's event, if its signature verifies with the endpoint's secret (throws otherwise). */
  const verified = (d: SignedDelivery) =>
    new Webhook(webhookSecret).verify(d.body, d.headers) as WebhookEvent;

  it("the merchant refunds half a paid payment with the wallet; receipts mailed, events verified, customer listed", async () => {
    // A customer pays 20.00 in sBTC from the devnet payer account: a real signed SIP-010 transfer.
    const intent = await api<Intent>("/v1/payment_intents", {
      method: "POST",
      body: { amount_minor: 2000, customer_email: PAYER_EMAIL },
    });
    const amount = BigInt(intent.amount_asset);
    // 20.00 USD at the stack's fixed 100,000 USD/BTC: the receipts below state these amounts.
    expect(amount).toBe(20_000n);
    await payerPays(stack.devnetUrl, intent);
    const settled = await until(
      () => api<Intent>(`/v1/payment_intents/${intent.id}`),
      (pi) => pi.status === "payment_settled",
    );
    const paymentTxid = settled.txid ?? "";
    expect(paymentTxid).toMatch(/^0x[0-9a-f]{64}$/);

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
    const refunds = await api<{ data: Refund[] }>(`/v1/refunds?payment_intent=${intent.id}`);
    expect(refunds.data).toHaveLength(1);
    const refund = refunds.data[0]!;
    expect(refund).toMatchObject({
      status: "succeeded",
      amount: half.toString(),
      amount_minor: 1000,
      amount_micros: "10000000",
    });
    const refundTxid = refund.txid ?? "";
    expect(refundTxid).toMatch(/^0x[0-9a-f]{64}$/);

    // The payer's receipts, sent over SMTP and parsed back: one for the payment, one for the refund.
    // A payment of the test environment: its mail says so in the subject.
    const test = MAIL_MESSAGES.testModeSubjectPrefix;
    const paymentSubject = `${test}${MAIL_MESSAGES.paymentSubject(MERCHANT_NAME)}`;
    const refundSubject = `${test}${MAIL_MESSAGES.refundSubject(MERCHANT_NAME)}`;
    const mails = await until(
      async () => inbox.to(PAYER_EMAIL),
      (m) => m.some((x) => x.subject === refundSubject),
    );
    const receipt = mails.find((m) => m.subject === paymentSubject);
    const refundReceipt = mails.find((m) => m.subject === refundSubject);
    for (const [mail, id, sbtc, usd, txid] of [
      [receipt, intent.id, "0.0002 sBTC", "20.00 USD", paymentTxid],
      [refundReceipt, refund.id, "0.0001 sBTC", "10.00 USD", refundTxid],
    ] as const) {
      expect(mail).toBeDefined();
      expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : null).toBe(PAYER_EMAIL);
      for (const needle of [id, sbtc, usd, txid]) expectInBothParts(mail!, needle);
      // The devnet has no transaction page a person can open: the mail names the txid, links nowhere.
      expect(String(mail!.html)).not.toContain("explorer.hiro.so");
      expect(mail!.text).not.toContain("explorer.hiro.so");
    }

    // The merchant's endpoint: each subscribed event once, every body verified with its secret.
    await until(
      async () => receiver.deliveries.map((d) => verified(d).type),
      (types) => SUBSCRIBED.every((t) => types.includes(t)),
    );
    const events = receiver.deliveries.map(verified);
    expect(events.map((e) => e.type).sort()).toEqual([...SUBSCRIBED].sort());
    expect(events.find((e) => e.type === INTENT_EVENT.succeeded)?.data.object.id).toBe(intent.id);
    const refundEvents: [string, RefundStatus][] = [
      [REFUND_EVENT.created, "pending"],
      [REFUND_EVENT.succeeded, "succeeded"],
    ];
    for (const [type, status] of refundEvents) {
      expect(events.find((e) => e.type === type)?.data.object).toMatchObject({
        id: refund.id,
        payment_intent: intent.id,
        amount: half.toString(),
        status,
      });
    }

    // The payer is a customer, listed in the dashboard with the lifetime value net of the refund.
    const customers = await api<{ data: Customer[] }>("/v1/customers");
    const customer = customers.data.find((c) => c.email === PAYER_EMAIL);
    expect(customer).toMatchObject({
      total_paid: 2000,
      total_refunded: 1000,
      lifetime_value: 1000,
      lifetime_value_micros: "10000000",
    });
    await page.goto(`${stack.url}/customers`);
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: CUSTOMERS.view(PAYER_EMAIL) }) });
    await row.getByRole("cell", { name: usd(customer!.lifetime_value_micros), exact: true }).waitFor();
    expect(await row.getByRole("cell", { name: usd(customer!.total_paid_micros), exact: true }).count()).toBe(
      0,
    );
    await context.close();

    // Nothing was sent twice while the rest ran: exactly one receipt of each kind.
    expect(
      inbox
        .to(PAYER_EMAIL)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([paymentSubject, refundSubject].sort());
  }, 120_000);
});
