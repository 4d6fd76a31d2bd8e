// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutPhase } from "../../core/checkout.js";
import { MESSAGES } from "../../core/messages.js";
import { QrPaymentOverlay } from "./QrPaymentOverlay.js";

afterEach(cleanup);

const URL_ = "https://pay.example/checkout/pi_test123";

describe("QrPaymentOverlay, QR mode (SPEC.md §2 'Checkout overlays')", () => {
  it("shows 'Scan to Pay', a QR image of spay_url, the link as text and Close", async () => {
    render(<QrPaymentOverlay spayUrl={URL_} amount="18,173 sats" onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: MESSAGES.scanToPay })).toBeTruthy();
    const img = await screen.findByRole("img", { name: MESSAGES.qrImageLabel });
    expect(img.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(screen.getByRole("link", { name: URL_ }).getAttribute("href")).toBe(URL_);
    expect(screen.getByText("18,173 sats")).toBeTruthy();
    expect(screen.getByRole("button", { name: MESSAGES.close })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.waitingForPayment);
  });

  it("keeps the placeholder when spay_url is missing (SPEC.md §4 'QR')", async () => {
    const { container } = render(<QrPaymentOverlay spayUrl={null} onClose={() => {}} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.querySelector(".spay-qr-placeholder")).toBeTruthy();
  });

  it("Close and Escape both close", async () => {
    const onClose = vi.fn();
    render(<QrPaymentOverlay spayUrl={URL_} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.close }));
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it.each<[CheckoutPhase, string]>([
    ["broadcast", MESSAGES.transactionBroadcast],
    ["confirming", MESSAGES.confirming],
    ["settled", MESSAGES.paymentSettled],
    ["expired", MESSAGES.paymentExpired],
  ])("shows the server's live status in phase %s", (phase, text) => {
    render(<QrPaymentOverlay spayUrl={URL_} phase={phase} onClose={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe(text);
  });

  it("shows 'Payment failed' and the error when the checkout failed", () => {
    render(
      <QrPaymentOverlay
        spayUrl={null}
        phase="error"
        error={MESSAGES.createIntentFailed}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.createIntentFailed);
  });
});

describe("QrPaymentOverlay, wallet mode", () => {
  it.each<[CheckoutPhase, string]>([
    ["creating", MESSAGES.connectingWallet],
    ["connecting", MESSAGES.connectingWallet],
    ["sending", MESSAGES.sendingPayment],
    ["broadcast", MESSAGES.paymentSent],
    ["confirming", MESSAGES.paymentSent],
    ["settled", MESSAGES.paymentSent],
  ])("phase %s shows '%s' under 'Wallet Payment'", (phase, text) => {
    render(<QrPaymentOverlay spayUrl={URL_} mode="wallet" phase={phase} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: MESSAGES.walletPayment })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("follows the real status after the wallet sent: broadcast, then confirming, then settled", () => {
    const { rerender } = render(
      <QrPaymentOverlay spayUrl={URL_} mode="wallet" phase="broadcast" onClose={() => {}} />,
    );
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.transactionBroadcast);
    rerender(<QrPaymentOverlay spayUrl={URL_} mode="wallet" phase="confirming" onClose={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.confirming);
    rerender(<QrPaymentOverlay spayUrl={URL_} mode="wallet" phase="settled" onClose={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe(MESSAGES.paymentSettled);
  });

  it("shows 'Payment failed' with the wallet's error, and Try Again when offered", async () => {
    const onRetry = vi.fn();
    render(
      <QrPaymentOverlay
        spayUrl={URL_}
        mode="wallet"
        phase="error"
        error="User rejected the request"
        onRetry={onRetry}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(MESSAGES.paymentFailed)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("User rejected the request");
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.tryAgain }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("uses the dark theme's variables when asked", async () => {
    const { container } = render(<QrPaymentOverlay spayUrl={URL_} theme="dark" onClose={() => {}} />);
    expect(container.querySelector(".spay")?.getAttribute("data-theme")).toBe("dark");
    await waitFor(() => expect(screen.getByRole("img")).toBeTruthy());
  });
});
