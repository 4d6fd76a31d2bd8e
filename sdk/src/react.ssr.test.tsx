// @vitest-environment node
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "./core/messages.js";
import { fakeClient, intentFixture, linkFixture, USDC_REQUIREMENTS } from "./ui/testing/fixtures.js";

describe("@spay/sdk/react on the server (SSR-safe)", () => {
  it("imports without touching window or document", async () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
    const mod = await import("./react.js");
    expect(Object.keys(mod).sort()).toEqual([
      "BuyButton",
      "Checkout",
      "PaymentLinkCard",
      "QrPaymentOverlay",
      "WalletPicker",
      "X402Overlay",
      "useCheckout",
      "usePaymentIntent",
    ]);
  });

  it("renders every component to HTML", async () => {
    const { BuyButton, Checkout, PaymentLinkCard, QrPaymentOverlay, WalletPicker, X402Overlay } =
      await import("./react.js");
    const { client } = fakeClient();
    const card = renderToString(<PaymentLinkCard client={client} link={linkFixture()} usdPerBtc={110_000} />);
    expect(card).toContain("Coffee Beans");
    expect(card).toContain("18,173 sats");
    expect(renderToString(<PaymentLinkCard client={client} productId="prod_1" />)).toContain(
      MESSAGES.loading,
    );
    expect(renderToString(<BuyButton client={client} link={linkFixture()} usdPerBtc={1} />)).toContain(
      MESSAGES.buy("$19.99"),
    );
    const qr = renderToString(<QrPaymentOverlay spayUrl={intentFixture().spay_url} onClose={() => {}} />);
    expect(qr).toContain(MESSAGES.scanToPay);
    expect(qr).toContain('aria-modal="true"');
    expect(renderToString(<X402Overlay requirements={USDC_REQUIREMENTS} onClose={() => {}} />)).toContain(
      "$1.00",
    );
    expect(renderToString(<WalletPicker onSelect={() => {}} onCancel={() => {}} />)).toContain("Leather");
    expect(renderToString(<Checkout client={client} params={{ amount_minor: 100 }} />)).toContain(
      MESSAGES.scanToPay,
    );
  });
});
