import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer } from "@spay/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type CheckoutController, createCheckout } from "./checkout.js";
import type { CheckoutPhase, CheckoutState } from "./checkout-state.js";
import { SPayClient } from "./client.js";
import { MESSAGES } from "./messages.js";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "./testing/spay-server.js";
import { browserGlobals, createTestWallet } from "./testing/test-wallet.js";
import type { PaymentIntent } from "./types.js";

const payer = ACCOUNTS.find((a) => a.name === "wallet_2")!;
let api: TestServer;
let merchant: TestMerchant;
let client: SPayClient;

beforeAll(async () => {
  api = await startTestServer({ chain: true });
  merchant = await createMerchant(api.url);
  client = new SPayClient({ apiKey: merchant.pk, apiUrl: api.url });
}, 180_000);
afterAll(() => api?.close());
afterEach(() => vi.unstubAllGlobals());

/** Runs a checkout, recording each distinct phase and the callbacks. */
function observe(checkout: CheckoutController) {
  const phases: CheckoutPhase[] = [];
  checkout.subscribe((s) => {
    if (phases.at(-1) !== s.phase) phases.push(s.phase);
  });
  const until = (phase: CheckoutPhase) =>
    new Promise<CheckoutState>((resolve) => {
      const check = (s: CheckoutState) => s.phase === phase && resolve(s);
      check(checkout.getState());
      checkout.subscribe(check);
    });
  return { phases, until };
}

function callbacks() {
  return { onSuccess: vi.fn<(pi: PaymentIntent) => void>(), onError: vi.fn<(err: Error) => void>() };
}

async function serverCancel(id: string) {
  await fetch(`${api.url}/v1/payment_intents/${id}/cancel`, {
    method: "POST",
    headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
    body: "{}",
  });
}

describe("checkout controller against the real server and devnet", () => {
  it("QR: creates the intent, shows it payable, then follows the chain to settled and calls onSuccess once", async () => {
    const cb = callbacks();
    const checkout = createCheckout({ client, params: { amount_minor: 1299 }, ...cb });
    const { phases, until } = observe(checkout);
    const intent = await checkout.start();
    expect(checkout.getState()).toMatchObject({ phase: "awaiting_payment", method: "qr", error: null });
    expect(intent.spay_url).toBeTruthy();
    // The payer scans and pays from a phone wallet: nothing is reported by the page; the
    // watcher finds the transfer by its memo.
    const tx = await buildIntentTransfer(intent, payer.privateKey, api.devnet!.url);
    const { txid } = await broadcastIntentTransfer(tx, api.devnet!.url);
    const settled = await until("settled");
    expect(settled.intent?.status).toBe("payment_settled");
    expect(settled.txid).toBe(`0x${txid.replace(/^0x/, "")}`);
    expect(phases[0]).toBe("creating");
    expect(phases[1]).toBe("awaiting_payment");
    expect(phases.at(-1)).toBe("settled");
    expect(
      phases.every((p) => ["creating", "awaiting_payment", "broadcast", "confirming", "settled"].includes(p)),
    ).toBe(true);
    await vi.waitFor(() => expect(cb.onSuccess).toHaveBeenCalledTimes(1));
    expect(cb.onSuccess.mock.calls[0]?.[0].id).toBe(intent.id);
    expect(cb.onError).not.toHaveBeenCalled();
  });

  it("wallet: connecting → sending → the server's broadcast/confirming → settled, with the txid submitted", async () => {
    const wallet = createTestWallet({ privateKey: payer.privateKey, chainApiUrl: api.devnet!.url });
    const globals = browserGlobals({ LeatherProvider: wallet });
    vi.stubGlobal("window", globals.window);
    vi.stubGlobal("localStorage", globals.localStorage);
    globals.localStorage.setItem("STX_PROVIDER", "LeatherProvider");
    const cb = callbacks();
    const checkout = createCheckout({ client, params: { amount_minor: 450 }, ...cb });
    const { phases, until } = observe(checkout);
    await checkout.start();
    await checkout.payWithWallet();
    expect(checkout.getState().method).toBe("wallet");
    const settled = await until("settled");
    expect(phases.slice(0, 4)).toEqual(["creating", "awaiting_payment", "connecting", "sending"]);
    expect(phases.at(-1)).toBe("settled");
    expect(wallet.calls.map((c) => c.method)).toEqual(["getAddresses", "stx_callContract"]);
    expect(settled.intent?.payment_method).toBe("wallet");
    expect(settled.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(cb.onSuccess).toHaveBeenCalledTimes(1);
  });

  it("a rejection in the wallet shows 'Payment failed' + its text; Try Again returns to the payable intent", async () => {
    const wallet = createTestWallet({
      privateKey: payer.privateKey,
      chainApiUrl: api.devnet!.url,
      fail: { code: -32000, message: "User rejected request" },
    });
    const globals = browserGlobals({ LeatherProvider: wallet });
    vi.stubGlobal("window", globals.window);
    vi.stubGlobal("localStorage", globals.localStorage);
    const cb = callbacks();
    const checkout = createCheckout({ client, params: { amount_minor: 450 }, ...cb });
    await checkout.start();
    await checkout.payWithWallet("LeatherProvider");
    expect(checkout.getState()).toMatchObject({ phase: "error", error: "User rejected the request" });
    expect(cb.onError.mock.calls[0]?.[0]).toMatchObject({
      message: "User rejected the request",
      code: -32000,
    });
    checkout.clearError();
    expect(checkout.getState()).toMatchObject({ phase: "awaiting_payment", error: null });
    checkout.cancel();
  });

  it("without any wallet installed: 'Failed to connect wallet. Please make sure you have a Stacks wallet extension installed.'", async () => {
    vi.stubGlobal("window", browserGlobals().window);
    const checkout = createCheckout({ client, params: { amount_minor: 450 } });
    await checkout.payWithWallet(); // starts the checkout itself
    expect(checkout.getState()).toMatchObject({ phase: "error", error: MESSAGES.connectWalletFailed });
    expect(checkout.getState().intent?.id).toMatch(/^pi_/);
    checkout.cancel();
  });

  it("a canceled intent ends the checkout with its text", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 300 });
    const cb = callbacks();
    const checkout = createCheckout({ client, intent, ...cb });
    const { until } = observe(checkout);
    await checkout.start();
    await serverCancel(intent.id);
    expect(await until("error")).toMatchObject({ error: MESSAGES.paymentCanceled });
    expect(cb.onSuccess).not.toHaveBeenCalled();
  });

  it("cancel() stops following: later changes no longer reach the state", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 300 });
    const checkout = createCheckout({ client, intent });
    await checkout.start();
    checkout.cancel();
    await serverCancel(intent.id);
    await new Promise((r) => setTimeout(r, 600));
    expect(checkout.getState().phase).toBe("awaiting_payment");
  });

  it("creation failures show SPEC.md §8's checkout alerts", async () => {
    const cases: [SPayClient, string][] = [
      [new SPayClient({ apiKey: merchant.pk, apiUrl: "http://127.0.0.1:9" }), MESSAGES.createIntentNetwork],
      [client, MESSAGES.createIntentFailed],
    ];
    for (const [c, text] of cases) {
      const cb = callbacks();
      const checkout = createCheckout({ client: c, params: { amount_minor: -5 }, ...cb });
      await expect(checkout.start()).rejects.toThrow(text);
      expect(checkout.getState()).toMatchObject({ phase: "error", error: text });
      expect(cb.onError.mock.calls[0]?.[0].message).toBe(text);
    }
  });

  it("an intent without spay_url: 'Payment intent is missing spay_url. Please check the API response.'", async () => {
    const intent = { ...(await client.createPaymentIntent({ amount_minor: 300 })), spay_url: "" };
    const checkout = createCheckout({ client, intent });
    await expect(checkout.start()).rejects.toThrow(MESSAGES.intentMissingSpayUrl);
  });
});
