// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../core/messages.js";
import { intentFixture } from "../ui/testing/fixtures.js";
import { installSPay } from "./install.js";

const LINK = {
  id: "plink_1",
  object: "payment_link",
  url: "https://pay.example/payment-links/plink_1",
  product_id: "prod_1",
  merchant_name: "Drop-in Shop",
  product_data: { name: "Socks", price_minor: 1500, viewType: "card" },
  merchant_wallet: null,
  active: true,
  env: "test",
  expires_at: null,
};
const PRODUCT = {
  id: "prod_1",
  object: "product",
  name: "Socks",
  description: null,
  price_minor: 1500,
  price: 15,
  currency: "usd",
  stock: 4,
  view_type: "card",
  require_email: false,
  require_shipping_address: false,
  payment_link: { id: "plink_1", active: true, url: LINK.url },
};

const calls: { url: string; auth: string | null }[] = [];

function route(url: string): unknown {
  const path = new URL(url).pathname;
  if (path === "/fx") return { usdPerBtc: 100_000 };
  if (path === "/v1/products/prod_1") return PRODUCT;
  if (path === "/api/payment-links/plink_1") return LINK;
  if (path === "/v1/payment_intents") return intentFixture();
  return null;
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), auth: headers.get("authorization") });
      if (String(input).endsWith("/stream")) return new Response("", { status: 500 });
      const body = route(String(input));
      return body ? new Response(JSON.stringify(body)) : new Response("{}", { status: 404 });
    }),
  );
  document.head.innerHTML =
    '<script src="https://pay.example/sdk/spay.js" data-spay-key="pk_test_abc" data-spay-theme="dark"></script>';
});

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const shadowOf = (selector: string) => document.querySelector(selector)?.shadowRoot;

describe("installSPay (the drop-in)", () => {
  it("renders a bound product's card in a shadow root, with the script's key, API origin and theme", async () => {
    document.body.innerHTML = '<div id="p" data-spay-product="prod_1"></div>';
    uninstall = installSPay(document);
    await waitFor(() => expect(shadowOf("#p")?.textContent).toContain("Drop-in Shop"));
    const shadow = shadowOf("#p")!;
    expect(shadow.querySelector("style")).toBeTruthy();
    expect(shadow.querySelector(".spay")?.getAttribute("data-theme")).toBe("dark");
    expect(calls.find((c) => c.url === "https://pay.example/v1/products/prod_1")?.auth).toBe(
      "Bearer pk_test_abc",
    );
    expect(document.body.querySelector(".spay")).toBeNull(); // nothing outside the shadow root
  });

  it("binds an element added after load, and honours data-spay-view=button", async () => {
    uninstall = installSPay(document);
    const el = document.createElement("div");
    el.dataset.spayLink = "plink_1";
    el.dataset.spayView = "button";
    el.id = "b";
    document.body.append(el);
    await waitFor(() =>
      expect(shadowOf("#b")?.querySelector("button")?.textContent).toBe(
        `${MESSAGES.buy("$15.00")}${MESSAGES.testBadge}`,
      ),
    );
  });

  it("exposes window.SPay.mount and window.SPay.checkout", async () => {
    uninstall = installSPay(document);
    expect(window.SPay).toBeDefined();
    const host = document.createElement("div");
    document.body.append(host);
    const handle = window.SPay!.mount(host, { linkId: "plink_1", theme: "light" });
    await waitFor(() => expect(host.shadowRoot?.textContent).toContain("Socks"));
    handle.close();
    await waitFor(() => expect(host.shadowRoot?.textContent).toBe(""));

    const onClose = vi.fn();
    const checkout = window.SPay!.checkout({ params: { amount_minor: 500 }, onClose });
    const overlay = () => document.querySelector("[data-spay-checkout]")?.shadowRoot;
    await waitFor(() =>
      expect(overlay()?.querySelector("[role=dialog]")?.textContent).toContain(MESSAGES.scanToPay),
    );
    await waitFor(() => expect(overlay()?.textContent).toContain(intentFixture().spay_url));
    checkout.close();
    expect(document.querySelector("[data-spay-checkout]")).toBeNull();
  });

  it("installs once even if the script runs twice", () => {
    uninstall = installSPay(document);
    const first = window.SPay;
    const again = installSPay(document);
    expect(window.SPay).toBe(first);
    again(); // the second run owns nothing to undo
    expect(window.SPay).toBe(first);
  });
});
