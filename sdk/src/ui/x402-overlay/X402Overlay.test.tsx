// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../core/messages.js";
import { SBTC_REQUIREMENTS, USDC_REQUIREMENTS } from "../testing/fixtures.js";
import { X402Overlay } from "./X402Overlay.js";

/** The dimmed area around the panel (no role: a pointer-only shortcut). */
const backdrop = () => document.querySelector(".spay-backdrop") as HTMLElement;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TXID = "0x5c3f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("X402Overlay (SPEC.md §2 'x402 overlay')", () => {
  it("shows USDC as dollars and 'via USDC on Stacks' under the title 'x402 Payment'", () => {
    render(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: MESSAGES.x402Title })).toBeTruthy();
    expect(screen.getByText("$1.00")).toBeTruthy();
    expect(screen.getByText(MESSAGES.viaAssetOnStacks("USDC"))).toBeTruthy();
  });

  it("shows sBTC with 8 decimals", () => {
    render(<X402Overlay requirements={SBTC_REQUIREMENTS} onClose={() => {}} />);
    expect(screen.getByText("0.00001234 sBTC")).toBeTruthy();
    expect(screen.getByText(MESSAGES.viaAssetOnStacks("sBTC"))).toBeTruthy();
  });

  it("offers 'Pay with Stacks Wallet' only when wallet data exists", () => {
    const { rerender } = render(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={() => {}} />);
    expect(screen.queryByRole("button", { name: MESSAGES.payWithStacksWallet })).toBeNull();
    rerender(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => ({ txid: TXID })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet })).toBeTruthy();
  });

  it("shows a QR under 'Or scan to pay', 300 px wide (SPEC.md §9)", async () => {
    render(
      <X402Overlay requirements={USDC_REQUIREMENTS} qrText="https://pay.example/x" onClose={() => {}} />,
    );
    expect(screen.getByText(MESSAGES.orScanToPay)).toBeTruthy();
    const img = await screen.findByRole("img", { name: MESSAGES.qrImageLabel });
    expect(img.getAttribute("width")).toBe("300");
  });

  it("lists recipient, asset, amount with decimals, timeout, network and the raw JSON under 'Developer Info'", async () => {
    const { container } = render(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={() => {}} />);
    const details = container.querySelector("details");
    expect(details?.open).toBe(false);
    await userEvent.click(screen.getByText(MESSAGES.developerInfo));
    expect(details?.open).toBe(true);
    const scheme = USDC_REQUIREMENTS.schemes[0]!;
    expect(screen.getByText(scheme.recipient)).toBeTruthy();
    expect(screen.getByText(scheme.asset)).toBeTruthy();
    expect(screen.getByText(MESSAGES.amountWithDecimals("1000000", 6))).toBeTruthy();
    expect(screen.getByText(MESSAGES.seconds(300))).toBeTruthy();
    expect(screen.getByText(scheme.network)).toBeTruthy();
    expect(JSON.parse(container.querySelector("pre")?.textContent ?? "")).toEqual(USDC_REQUIREMENTS);
  });

  it("goes pending → sending → verifying ('Checking blockchain confirmation...') → 'Payment Verified!' with the short txid", async () => {
    const sent = deferred<{ txid: string }>();
    const verified = deferred<void>();
    const onSuccess = vi.fn();
    render(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={() => sent.promise}
        onVerify={() => verified.promise}
        onSuccess={onSuccess}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet }));
    expect(screen.getByText(MESSAGES.sendingPayment)).toBeTruthy();
    await act(async () => sent.resolve({ txid: TXID }));
    expect(screen.getByText(MESSAGES.checkingConfirmation)).toBeTruthy();
    await act(async () => verified.resolve());
    expect(screen.getByText(MESSAGES.paymentVerified)).toBeTruthy();
    expect(screen.getByText("0x5c3f…6e7f")).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith(TXID);
  });

  it("copies the txid, showing 'Copied!' for 2 seconds", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => ({ txid: TXID })}
        onVerify={async () => {}}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet }));
    await screen.findByText(MESSAGES.paymentVerified);
    vi.useFakeTimers();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: MESSAGES.copy })));
    expect(writeText).toHaveBeenCalledWith(TXID);
    expect(screen.getByRole("button", { name: MESSAGES.copied })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_999));
    expect(screen.getByRole("button", { name: MESSAGES.copied })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: MESSAGES.copy })).toBeTruthy();
  });

  it("waits 2 s to verify by default, then auto-closes 3 s after success (SPEC.md §9)", async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => ({ txid: TXID })}
        onClose={onClose}
      />,
    );
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet })),
    );
    expect(screen.getByText(MESSAGES.checkingConfirmation)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(screen.getByText(MESSAGES.paymentVerified)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2_999));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows 'Payment Failed' with the error, and 'Try Again' goes back to pending", async () => {
    render(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => {
          throw new Error("User rejected the request");
        }}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet }));
    expect(await screen.findByText(MESSAGES.x402PaymentFailed)).toBeTruthy();
    expect(screen.getByText("User rejected the request")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.tryAgain }));
    expect(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.x402PaymentFailed)).toBeNull();
  });

  it("a failed verification is a failure too", async () => {
    render(
      <X402Overlay
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => ({ txid: TXID })}
        onVerify={async () => {
          throw new Error("");
        }}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.payWithStacksWallet }));
    expect(await screen.findByText(MESSAGES.verifyPaymentFailed)).toBeTruthy();
  });

  it("says 'Invalid payment requirements' without a scheme", () => {
    render(<X402Overlay requirements={{ schemes: [] }} onClose={() => {}} />);
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.invalidRequirements);
  });

  it("closes on a backdrop click, Escape and Close", async () => {
    const onClose = vi.fn();
    render(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={onClose} />);
    fireEvent.click(backdrop());
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.close }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(3));
  });
});
