// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../core/messages.js";
import { BuyButton } from "./buy-button/BuyButton.js";
import { PaymentLinkCard } from "./payment-link-card/PaymentLinkCard.js";
import { QrPaymentOverlay } from "./qr-overlay/QrPaymentOverlay.js";
import { seriousViolations } from "./testing/axe.js";
import { fakeClient, linkFixture, USDC_REQUIREMENTS } from "./testing/fixtures.js";
import type { Theme } from "./theme/theme.js";
import { WalletPicker } from "./wallet-picker/WalletPicker.js";
import { X402Overlay } from "./x402-overlay/X402Overlay.js";

afterEach(cleanup);

const URL_ = "https://pay.example/checkout/pi_test123";

const CASES: [string, (theme: Theme) => ReactElement][] = [
  [
    "QR overlay",
    (theme) => <QrPaymentOverlay theme={theme} spayUrl={URL_} amount="18,173 sats" onClose={() => {}} />,
  ],
  [
    "QR overlay, wallet mode failed",
    (theme) => (
      <QrPaymentOverlay
        theme={theme}
        spayUrl={URL_}
        mode="wallet"
        phase="error"
        error="User rejected the request"
        onRetry={() => {}}
        onClose={() => {}}
      />
    ),
  ],
  [
    "x402 overlay",
    (theme) => (
      <X402Overlay
        theme={theme}
        requirements={USDC_REQUIREMENTS}
        onPayWithWallet={async () => ({ txid: "0x1" })}
        onClose={() => {}}
      />
    ),
  ],
  ["wallet picker", (theme) => <WalletPicker theme={theme} onSelect={() => {}} onCancel={() => {}} />],
  [
    "payment-link card",
    (theme) => (
      <PaymentLinkCard
        theme={theme}
        client={fakeClient().client}
        link={linkFixture({ requireEmail: true, requireShipping: true })}
        usdPerBtc={110_000}
      />
    ),
  ],
  ["card preview", (theme) => <PaymentLinkCard theme={theme} link={linkFixture()} usdPerBtc={1} preview />],
  [
    "buy button",
    (theme) => <BuyButton theme={theme} client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />,
  ],
];

describe("accessibility: axe-core finds no serious or critical violation", () => {
  for (const theme of ["light", "dark"] as const) {
    it.each(CASES)(`%s (${theme})`, async (_name, element) => {
      const { container } = render(element(theme));
      await new Promise((r) => setTimeout(r, 20)); // QR images render after mount
      expect(await seriousViolations(container)).toEqual([]);
    });
  }

  it("the check itself catches a serious violation (an unlabelled field)", async () => {
    const { container } = render(<input type="email" />);
    expect((await seriousViolations(container)).join()).toMatch(/^label:/);
  });

  it("card with shown validation errors", async () => {
    const { container } = render(
      <PaymentLinkCard
        client={fakeClient().client}
        link={linkFixture({ requireEmail: true })}
        usdPerBtc={1}
      />,
    );
    await userEvent.click(screen.getByLabelText(MESSAGES.email));
    await userEvent.tab();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("x402 overlay with Developer Info open", async () => {
    const { container } = render(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={() => {}} />);
    await userEvent.click(screen.getByText(MESSAGES.developerInfo));
    expect(await seriousViolations(container)).toEqual([]);
  });
});
