import { QR_OPTIONS, qrDataUrl } from "@spay/sdk";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { HOSTED_CHECKOUT } from "./messages.ts";
import { HOSTED_QR, type PayDetails } from "./pay-details.ts";
import { ScanToPay } from "./ScanToPay.tsx";
import { TestModeBadge } from "./TestModeBadge.tsx";

const details: PayDetails = {
  qrText: "https://pay.example/pay/pi_1?client_secret=pi_1_secret_x",
  payTo: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
  amount: "0.00003",
  symbol: "sBTC",
  memo: "pi_1",
};

let clipboard: string[] = [];
beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (t: string) => void clipboard.push(t) },
  });
});

describe("scan to pay on the hosted checkout", () => {
  it("draws the QR of the payment link with the SDK's encoder, named for screen readers", async () => {
    render(<ScanToPay details={details} />);
    expect(screen.getByRole("heading", { name: HOSTED_CHECKOUT.orScan })).toBeTruthy();
    const img = await screen.findByRole("img", { name: HOSTED_CHECKOUT.qrAlt });
    expect(img.getAttribute("src")).toBe(await qrDataUrl(details.qrText, { ...QR_OPTIONS, ...HOSTED_QR }));
    expect(screen.getByTestId("hosted-qr").getAttribute("data-qr-text")).toBe(details.qrText);
  });

  it("shows the pay-to address, exact amount and memo, each with a Copy button that says Copied", async () => {
    render(<ScanToPay details={details} />);
    expect(screen.getByTestId("pay-to-address").textContent).toBe(details.payTo);
    expect(screen.getByTestId("pay-amount").textContent).toBe("0.00003 sBTC");
    expect(screen.getByTestId("pay-memo").textContent).toBe("pi_1");
    const copies: [string, string][] = [
      [HOSTED_CHECKOUT.copyPayTo, details.payTo],
      [HOSTED_CHECKOUT.copyAmount, "0.00003"],
      [HOSTED_CHECKOUT.copyMemo, "pi_1"],
    ];
    for (const [what, text] of copies) {
      const button = screen.getByRole("button", { name: `Copy ${what}` });
      await userEvent.click(button);
      expect(clipboard.at(-1)).toBe(text);
      expect(button.getAttribute("aria-label")).toBe(`Copied! ${what}`);
      const row = button.closest("dd");
      if (!row) throw new Error("copy button outside its row");
      expect(within(row).getByRole("status").textContent).toBe("Copied!");
    }
  });
});

describe("the Test mode badge", () => {
  it("marks a test payment", () => {
    render(<TestModeBadge env="test" />);
    expect(screen.getByText(HOSTED_CHECKOUT.testMode).getAttribute("title")).toBe(
      HOSTED_CHECKOUT.testModeTitle,
    );
  });

  it("is absent for a live payment", () => {
    const { container } = render(<TestModeBadge env="live" />);
    expect(container.textContent).toBe("");
  });
});
