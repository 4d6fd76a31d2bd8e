// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../core/messages.js";
import * as wallet from "../../core/wallet/index.js";
import { fakeClient, intentFixture } from "../testing/fixtures.js";
import { Checkout } from "./Checkout.js";

vi.mock(import("../../core/wallet/index.js"), async (original) => ({
  ...(await original()),
  loadWallet: vi.fn(),
}));

const TXID = `0x${"ab".repeat(32)}`;
const params = { amount_minor: 1999 };

function mockWallet(pay: () => Promise<{ txid: string }> = async () => ({ txid: TXID })) {
  const module = {
    connect: vi.fn(async () => ({ stxAddress: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5" })),
    signMessage: vi.fn(),
    payIntent: vi.fn(pay),
  };
  vi.mocked(wallet.loadWallet).mockResolvedValue(module);
  return module;
}

beforeEach(() => {
  (window as { LeatherProvider?: unknown }).LeatherProvider = { request: async () => ({}) };
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as { LeatherProvider?: unknown }).LeatherProvider;
});

describe("Checkout: QR", () => {
  it("creates the intent and shows its spay_url, then the live status up to settled", async () => {
    const fake = fakeClient();
    const onSuccess = vi.fn();
    render(<Checkout client={fake.client} params={params} onSuccess={onSuccess} closeAfterSettledMs={0} />);
    expect(await screen.findByRole("dialog", { name: MESSAGES.scanToPay })).toBeTruthy();
    expect(await screen.findByRole("link", { name: intentFixture().spay_url })).toBeTruthy();
    expect(screen.getByText("18,173 sats")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.waitingForPayment);
    act(() => fake.push("transaction_pending", { txid: TXID }));
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.confirming);
    act(() => fake.push("payment_settled"));
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.paymentSettled);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ status: "payment_settled" }));
  });

  it("pays an intent created elsewhere without creating one", async () => {
    const fake = fakeClient();
    render(<Checkout client={fake.client} intent={intentFixture()} />);
    expect(await screen.findByRole("link", { name: intentFixture().spay_url })).toBeTruthy();
    expect(fake.created).toEqual([]);
  });

  it("reports a failed creation with SPEC.md's text", async () => {
    const onError = vi.fn();
    const fake = fakeClient(intentFixture(), { failCreate: new Error("boom") });
    render(<Checkout client={fake.client} params={params} onError={onError} />);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.createIntentFailed);
    expect(onError.mock.calls[0]?.[0].message).toBe(MESSAGES.createIntentFailed);
  });

  it("closes 2 s after settlement and calls onClose", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeClient();
    const onClose = vi.fn();
    render(<Checkout client={fake.client} params={params} onClose={onClose} />);
    await screen.findByRole("link", { name: intentFixture().spay_url });
    act(() => fake.push("payment_settled"));
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Close stops the checkout and calls onClose", async () => {
    const onClose = vi.fn();
    render(<Checkout client={fakeClient().client} params={params} onClose={onClose} />);
    await userEvent.click(await screen.findByRole("button", { name: MESSAGES.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Checkout: wallet", () => {
  it("connects, sends, reports the txid and follows the server to settled", async () => {
    const module = mockWallet();
    const fake = fakeClient();
    const onSuccess = vi.fn();
    render(
      <Checkout
        client={fake.client}
        params={params}
        method="wallet"
        walletId="LeatherProvider"
        onSuccess={onSuccess}
        closeAfterSettledMs={0}
      />,
    );
    expect(screen.getByRole("dialog", { name: MESSAGES.walletPayment })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.paymentSent)).toBeTruthy();
    expect(module.payIntent).toHaveBeenCalledWith(intentFixture(), "LeatherProvider", expect.anything());
    expect(fake.submitted).toEqual([TXID]);
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.transactionBroadcast);
    act(() => fake.push("payment_settled"));
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.paymentSettled);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("shows 'Sending payment...' while the wallet signs", async () => {
    let release!: (v: { txid: string }) => void;
    mockWallet(() => new Promise((resolve) => (release = resolve)));
    render(
      <Checkout client={fakeClient().client} params={params} method="wallet" walletId="LeatherProvider" />,
    );
    expect(await screen.findByText(MESSAGES.sendingPayment)).toBeTruthy();
    await act(async () => release({ txid: TXID }));
    expect(await screen.findByText(MESSAGES.paymentSent)).toBeTruthy();
  });

  it("uses the remembered wallet without asking", async () => {
    const module = mockWallet();
    localStorage.setItem("STX_PROVIDER", "LeatherProvider");
    (window as { XverseProviders?: unknown }).XverseProviders = {
      BitcoinProvider: { request: async () => ({}) },
    };
    render(<Checkout client={fakeClient().client} params={params} method="wallet" />);
    await screen.findByText(MESSAGES.paymentSent);
    expect(module.payIntent).toHaveBeenCalledWith(expect.anything(), "LeatherProvider", expect.anything());
    delete (window as { XverseProviders?: unknown }).XverseProviders;
  });

  it("asks with the wallet picker when two wallets are installed and none was chosen, then pays with the pick", async () => {
    const module = mockWallet();
    (window as { XverseProviders?: unknown }).XverseProviders = {
      BitcoinProvider: { request: async () => ({}) },
    };
    render(<Checkout client={fakeClient().client} params={params} method="wallet" />);
    expect(await screen.findByRole("dialog", { name: MESSAGES.chooseWallet })).toBeTruthy();
    expect(module.payIntent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Xverse" }));
    expect(await screen.findByText(MESSAGES.paymentSent)).toBeTruthy();
    expect(module.payIntent).toHaveBeenCalledWith(
      expect.anything(),
      "XverseProviders.BitcoinProvider",
      expect.anything(),
    );
    delete (window as { XverseProviders?: unknown }).XverseProviders;
  });

  it("a canceled picker reports 'User canceled the request' (-31001) and closes", async () => {
    mockWallet();
    delete (window as { LeatherProvider?: unknown }).LeatherProvider;
    const onError = vi.fn();
    const onClose = vi.fn();
    render(
      <Checkout
        client={fakeClient().client}
        params={params}
        method="wallet"
        onError={onError}
        onClose={onClose}
      />,
    );
    await screen.findByRole("dialog", { name: MESSAGES.chooseWallet });
    await userEvent.keyboard("{Escape}");
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: "User canceled the request", code: -31001 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows 'Payment failed' with the wallet's error, and Try Again pays again", async () => {
    const module = mockWallet(async () => {
      throw new wallet.WalletError("User rejected the request", -32000);
    });
    const onError = vi.fn();
    render(
      <Checkout
        client={fakeClient().client}
        params={params}
        method="wallet"
        walletId="LeatherProvider"
        onError={onError}
      />,
    );
    expect(await screen.findByText(MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("User rejected the request");
    expect(onError).toHaveBeenCalledTimes(1);
    module.payIntent.mockImplementation(async () => ({ txid: TXID }));
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.tryAgain }));
    expect(await screen.findByText(MESSAGES.paymentSent)).toBeTruthy();
    await waitFor(() => expect(module.payIntent).toHaveBeenCalledTimes(2));
  });
});
