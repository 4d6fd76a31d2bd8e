import type { Chain } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { on, stubApi } from "../testing/api-stub.ts";
import { HOSTED_CHECKOUT, PAYMENT_LINK } from "./messages.ts";
import { Receipt } from "./Receipt.tsx";

const TXID = `0x${"cd".repeat(32)}`;

const paid: PaymentIntent = {
  id: "pi_receipt1",
  object: "payment_intent",
  amount_minor: 300,
  amount: 300,
  amount_micros: "3000000",
  currency: "usd",
  asset: "sbtc",
  amount_sbtc: "3000",
  amount_asset: "3000",
  decimals: 8,
  token_contract: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
  usd_per_btc: 100000,
  usd_per_stx: null,
  recipient: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
  memo: "pi_receipt1",
  status: "payment_settled",
  status_reason: null,
  fulfillment_status: "unfulfilled",
  customer_email: null,
  shipping_address: null,
  merchant_principal: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
  txid: TXID,
  amount_received: "3000",
  amount_refunded: "0",
  customer_id: null,
  client_secret: null,
  spay_url: "https://pay.example/pay/pi_receipt1",
  checkout_url: "https://pay.example/pay/pi_receipt1",
  payment_method: "wallet",
  product_id: null,
  metadata: {},
  env: "test",
  expires_at: 1_767_226_500,
  created_at: 1_767_225_600,
  canceled_at: null,
  cancellation_reason: null,
};

const chainsAre = (test: Chain, live: Chain = "mainnet") =>
  stubApi(on("GET", "/v1/chains", { body: { test, live } }));

describe("the receipt's transaction", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("on the devnet: the txid with Copy, and no explorer link (no explorer shows the devnet)", async () => {
    const calls = chainsAre("devnet");
    render(<Receipt intent={paid} />);
    await screen.findByRole("button", { name: `Copy transaction ID ${TXID}` });
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(["/v1/chains"]));
    // Give the answer its chance to render a link it must not render.
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId("receipt-txid").textContent).toBe(TXID);
    expect(screen.queryByRole("link", { name: PAYMENT_LINK.viewOnExplorer })).toBeNull();
    expect(document.querySelector("a[href*='explorer.hiro.so']")).toBeNull();
  });

  it("on testnet: Hiro's testnet explorer", async () => {
    chainsAre("testnet");
    render(<Receipt intent={paid} />);
    const link = await screen.findByRole("link", { name: PAYMENT_LINK.viewOnExplorer });
    expect(link.getAttribute("href")).toBe(`https://explorer.hiro.so/txid/${TXID}?chain=testnet`);
  });

  it("on mainnet, for a live payment: Hiro's mainnet explorer, and no Test mode badge", async () => {
    chainsAre("devnet", "mainnet");
    render(<Receipt intent={{ ...paid, env: "live" }} />);
    const link = await screen.findByRole("link", { name: PAYMENT_LINK.viewOnExplorer });
    expect(link.getAttribute("href")).toBe(`https://explorer.hiro.so/txid/${TXID}?chain=mainnet`);
    expect(screen.queryByText(HOSTED_CHECKOUT.testMode)).toBeNull();
  });

  it("links nothing while, or when, the gateway does not say which chain it is", async () => {
    stubApi(on("GET", "/v1/chains", "network-error"));
    render(<Receipt intent={paid} />);
    await screen.findByRole("button", { name: `Copy transaction ID ${TXID}` });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("link", { name: PAYMENT_LINK.viewOnExplorer })).toBeNull();
  });

  it("marks a test payment's receipt Test mode", () => {
    chainsAre("devnet");
    render(<Receipt intent={paid} />);
    expect(screen.getByText(HOSTED_CHECKOUT.testMode)).toBeTruthy();
  });
});
