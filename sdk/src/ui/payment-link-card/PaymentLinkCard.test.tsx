// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPayClient } from "../../core/client.js";
import { SPayError } from "../../core/errors.js";
import { MESSAGES } from "../../core/messages.js";
import { fakeClient, intentFixture, linkFixture } from "../testing/fixtures.js";
import { cardImage } from "./linkData.js";
import { PaymentLinkCard } from "./PaymentLinkCard.js";

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ usdPerBtc: 100_000 }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pay = () => screen.getByRole("button", { name: MESSAGES.pay }) as HTMLButtonElement;

describe("PaymentLinkCard (SPEC.md §2 'Payment link page')", () => {
  it("shows merchant, TEST badge, product, BTC amount with its USD equivalent and the summary", () => {
    const { client } = fakeClient();
    render(<PaymentLinkCard client={client} link={linkFixture()} usdPerBtc={110_000} />);
    expect(screen.getByText("Satoshi's Shop")).toBeTruthy();
    expect(screen.getByText(MESSAGES.testBadge)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Coffee Beans" })).toBeTruthy();
    // ceil(19.99 / 110000 × 1e8) = 18173 sats
    expect(screen.getByText("18,173 sats")).toBeTruthy();
    expect(screen.getByText(MESSAGES.approximately("$19.99"))).toBeTruthy();
    expect(screen.getByText(MESSAGES.subtotal)).toBeTruthy();
    // No address is asked for, so none is asked to calculate the tax: nothing is added.
    expect(screen.queryByText(MESSAGES.taxPending)).toBeNull();
    expect(screen.getByText(MESSAGES.tax).nextElementSibling?.textContent).toBe("$0.00");
    expect(screen.getByText(MESSAGES.total)).toBeTruthy();
  });

  it("asks for an address to calculate the tax only where it shows the Shipping Address field", () => {
    render(
      <PaymentLinkCard
        client={fakeClient().client}
        link={linkFixture({ requireShipping: true })}
        usdPerBtc={110_000}
      />,
    );
    expect(screen.getByLabelText(MESSAGES.shippingAddress)).toBeTruthy();
    expect(screen.getByText(MESSAGES.taxPending)).toBeTruthy();
  });

  it("has no TEST badge for a live link", () => {
    render(
      <PaymentLinkCard client={fakeClient().client} link={linkFixture({ env: "live" })} usdPerBtc={1} />,
    );
    expect(screen.queryByText(MESSAGES.testBadge)).toBeNull();
  });

  it("draws the product's image above its name (decorative, every variant in srcset, its size reserved)", () => {
    const image = {
      url: "https://pay.example/v1/product-images/img_1/1024.webp",
      srcset:
        "https://pay.example/v1/product-images/img_1/256.webp 256w, https://pay.example/v1/product-images/img_1/1024.webp 1024w",
      width: 1024,
      height: 768,
    };
    const { container } = render(
      <PaymentLinkCard client={fakeClient().client} link={linkFixture({ image })} usdPerBtc={1} />,
    );
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe(image.url);
    expect(img?.getAttribute("srcset")).toBe(image.srcset);
    expect([img?.getAttribute("width"), img?.getAttribute("height"), img?.getAttribute("alt")]).toEqual([
      "1024",
      "768",
      "",
    ]);
    expect(img?.nextElementSibling?.tagName).toBe("H2");
  });

  it("draws no image without one, nor for a link whose product_data.image is not the gateway's", () => {
    const { container } = render(
      <PaymentLinkCard client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />,
    );
    expect(container.querySelector("img")).toBeNull();
    for (const image of ["https://evil.example/x.png", { src: "x" }, null, 7])
      expect(cardImage(image), JSON.stringify(image)).toBeNull();
  });

  it("prices sats at the API's /fx rate", async () => {
    const client = new SPayClient({ apiKey: "pk_test_x", apiUrl: "https://api.example" });
    render(<PaymentLinkCard client={client} link={linkFixture()} />);
    // ceil(19.99 / 100000 × 1e8) = 19990 sats
    expect(await screen.findByText("19,990 sats")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("https://api.example/fx", expect.anything());
  });

  it("offers the QR method and 'sBTC Wallet' and keeps Pay disabled until one is chosen", async () => {
    render(<PaymentLinkCard client={fakeClient().client} link={linkFixture()} usdPerBtc={110_000} />);
    expect(screen.getByRole("group", { name: MESSAGES.payWith })).toBeTruthy();
    expect(pay().disabled).toBe(true);
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    expect(pay().disabled).toBe(false);
    expect(screen.getByRole("radio", { name: MESSAGES.sbtcWallet })).toBeTruthy();
  });

  it("asks for Email and Shipping Address only when the product requires them", () => {
    const { rerender } = render(
      <PaymentLinkCard client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />,
    );
    expect(screen.queryByLabelText(MESSAGES.email)).toBeNull();
    expect(screen.queryByLabelText(MESSAGES.shippingAddress)).toBeNull();
    rerender(
      <PaymentLinkCard
        client={fakeClient().client}
        link={linkFixture({ requireEmail: true, requireShipping: true })}
        usdPerBtc={1}
      />,
    );
    expect(screen.getByLabelText(MESSAGES.email).getAttribute("type")).toBe("email");
    expect(screen.getByLabelText(MESSAGES.shippingAddress).tagName).toBe("TEXTAREA");
  });

  it("says 'Email is required for this product.' and keeps Pay disabled until given", async () => {
    render(
      <PaymentLinkCard
        client={fakeClient().client}
        link={linkFixture({ requireEmail: true })}
        usdPerBtc={1}
      />,
    );
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    expect(pay().disabled).toBe(true);
    const email = screen.getByLabelText(MESSAGES.email);
    await userEvent.click(email);
    await userEvent.tab();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      MESSAGES.emailRequired,
    );
    await userEvent.type(email, "payer@example.com");
    expect(screen.queryByText(MESSAGES.emailRequired)).toBeNull();
    expect(pay().disabled).toBe(false);
  });

  it("says 'Shipping address is required for this product.' until one is given", async () => {
    render(
      <PaymentLinkCard
        client={fakeClient().client}
        link={linkFixture({ requireShipping: true })}
        usdPerBtc={1}
      />,
    );
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.sbtcWallet }));
    const address = screen.getByLabelText(MESSAGES.shippingAddress);
    await userEvent.click(address);
    await userEvent.tab();
    expect(screen.getByText(MESSAGES.shippingRequired)).toBeTruthy();
    expect(pay().disabled).toBe(true);
    await userEvent.type(address, "1 Main St");
    expect(pay().disabled).toBe(false);
  });

  it("links Terms and Privacy on the link's host and says 'Powered by'", () => {
    render(<PaymentLinkCard client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />);
    expect(screen.getByRole("link", { name: MESSAGES.terms }).getAttribute("href")).toBe(
      "https://pay.example/terms",
    );
    expect(screen.getByRole("link", { name: MESSAGES.privacy }).getAttribute("href")).toBe(
      "https://pay.example/privacy",
    );
    expect(screen.getByText(MESSAGES.poweredBy)).toBeTruthy();
  });

  it("Pay (QR) creates the intent with the payer's details and opens 'Scan to Pay' with its spay_url", async () => {
    const fake = fakeClient();
    render(
      <PaymentLinkCard
        client={fake.client}
        link={linkFixture({ requireEmail: true, requireShipping: true })}
        usdPerBtc={1}
      />,
    );
    await userEvent.type(screen.getByLabelText(MESSAGES.email), "payer@example.com");
    await userEvent.type(screen.getByLabelText(MESSAGES.shippingAddress), "1 Main St");
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    await userEvent.click(pay());
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.scanToPay });
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("link", { name: intentFixture().spay_url })).toBeTruthy());
    expect(fake.created).toEqual([
      {
        amount_minor: 1999,
        currency: "usd",
        product_id: "prod_abc",
        payment_link: "plink_abc",
        customer_email: "payer@example.com",
        shipping_address: { address: "1 Main St" },
        payment_method: "qr",
        metadata: { product_name: "Coffee Beans", product_id: "prod_abc", payment_link_id: "plink_abc" },
      },
    ]);
    expect(pay().disabled).toBe(true);
  });

  it("shows the settled payment on the card and calls onSuccess", async () => {
    const fake = fakeClient();
    const onSuccess = vi.fn();
    render(<PaymentLinkCard client={fake.client} link={linkFixture()} usdPerBtc={1} onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    await userEvent.click(pay());
    await screen.findByRole("link", { name: intentFixture().spay_url });
    fake.push("transaction_broadcast", { txid: "0xab" });
    expect(await screen.findByText(MESSAGES.transactionBroadcast)).toBeTruthy();
    fake.push("payment_settled");
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText(MESSAGES.paymentSettled).length).toBeGreaterThan(0);
  });

  it("hands Pay to a custom onPay instead of the built-in checkout", async () => {
    const onPay = vi.fn();
    render(<PaymentLinkCard link={linkFixture()} usdPerBtc={1} onPay={onPay} />);
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.sbtcWallet }));
    await userEvent.click(pay());
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ method: "wallet" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("preview shows requirement badges, stock and 'Total due' with Pay disabled (SPEC.md §2 'Products')", async () => {
    render(
      <PaymentLinkCard
        link={linkFixture({ requireEmail: true, requireShipping: true })}
        usdPerBtc={1}
        preview
      />,
    );
    expect(screen.getByText(MESSAGES.emailRequiredBadge)).toBeTruthy();
    expect(screen.getByText(MESSAGES.shippingRequiredBadge)).toBeTruthy();
    expect(screen.getByText(MESSAGES.inStock(12))).toBeTruthy();
    expect(screen.getByText(MESSAGES.totalDue)).toBeTruthy();
    expect(screen.queryByLabelText(MESSAGES.email)).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    expect(pay().disabled).toBe(true);
  });

  it("loads a product by id, showing 'Loading...' first", async () => {
    const client = {
      apiUrl: "https://api.example",
      getProduct: vi.fn(async () => ({
        id: "prod_x",
        name: "Tea",
        description: null,
        price_minor: 500,
        stock: 1,
        view_type: "card",
        require_email: false,
        require_shipping_address: false,
        payment_link: { id: "plink_x", active: true, url: "https://pay.example/payment-links/plink_x" },
      })),
      getPaymentLink: vi.fn(async () => ({
        id: "plink_x",
        url: "https://pay.example/payment-links/plink_x",
        product_id: "prod_x",
        merchant_name: "Tea House",
        product_data: { name: "Tea", price_minor: 500 },
        env: "test",
      })),
    } as unknown as SPayClient;
    render(<PaymentLinkCard client={client} productId="prod_x" usdPerBtc={1} />);
    expect(screen.getByRole("status").textContent).toContain(MESSAGES.loading);
    expect(await screen.findByText("Tea House")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Tea" })).toBeTruthy();
  });

  it("shows 'Payment Link Not Found' for an unknown link", async () => {
    const client = {
      apiUrl: "https://api.example",
      getPaymentLink: async () => {
        throw new SPayError("No such link", { status: 404, code: "payment_link_not_found" });
      },
    } as unknown as SPayClient;
    render(<PaymentLinkCard client={client} linkId="plink_nope" usdPerBtc={1} />);
    expect(await screen.findByRole("heading", { name: MESSAGES.linkNotFoundTitle })).toBeTruthy();
    expect(screen.getByText(MESSAGES.linkNotFound)).toBeTruthy();
  });
});
