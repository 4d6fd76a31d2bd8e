import type { PaymentIntent } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { exactAssetAmount, payDetails, receiptExplorerUrl } from "./pay-details.ts";

const TXID = `0x${"ab".repeat(32)}`;

describe("the exact amount a customer types into a wallet", () => {
  it("is the atomic units as a decimal number, never rounded, trailing zeros dropped", () => {
    expect(exactAssetAmount("3000", 8)).toBe("0.00003");
    expect(exactAssetAmount("18173", 8)).toBe("0.00018173");
    expect(exactAssetAmount("100000000", 8)).toBe("1");
    expect(exactAssetAmount("2500000", 6)).toBe("2.5");
    expect(exactAssetAmount("999999990001", 6)).toBe("999999.990001");
    expect(exactAssetAmount("0", 8)).toBe("0");
    expect(exactAssetAmount("42", 0)).toBe("42");
    // Beyond a double's precision: still exact, and no thousands separators to trip a wallet's field.
    expect(exactAssetAmount("123456789012345678901", 8)).toBe("1234567890123.45678901");
  });

  it("refuses what is not an amount in atomic units", () => {
    expect(() => exactAssetAmount("1.5", 8)).toThrow(RangeError);
    expect(() => exactAssetAmount("-1", 8)).toThrow(RangeError);
    expect(() => exactAssetAmount("", 8)).toThrow(RangeError);
  });
});

describe("what an open intent's hosted page offers besides the wallet button", () => {
  const intent: Pick<
    PaymentIntent,
    "spay_url" | "recipient" | "amount_asset" | "decimals" | "asset" | "memo" | "merchant_principal"
  > = {
    spay_url: "https://pay.example/pay/pi_1?client_secret=pi_1_secret_x",
    recipient: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
    merchant_principal: "ST000000000000000000002AMW42H",
    amount_asset: "3000",
    decimals: 8,
    asset: "sbtc",
    memo: "pi_1",
  };

  it("encodes the intent's spay_url (what the SDK's 'Scan to Pay' encodes) and pays its payout address", () => {
    expect(payDetails(intent)).toEqual({
      qrText: intent.spay_url,
      payTo: intent.recipient,
      amount: "0.00003",
      symbol: "sBTC",
      memo: "pi_1",
    });
  });

  it("names each asset by its symbol", () => {
    expect(payDetails({ ...intent, asset: "usdc", decimals: 6, amount_asset: "3000000" })).toMatchObject({
      amount: "3",
      symbol: "USDC",
    });
    expect(payDetails({ ...intent, asset: "stx", decimals: 6, amount_asset: "1500000" })).toMatchObject({
      amount: "1.5",
      symbol: "STX",
    });
  });
});

describe("the receipt's explorer link", () => {
  it("links Hiro's explorer on testnet and mainnet", () => {
    expect(receiptExplorerUrl(TXID, "testnet")).toBe(`https://explorer.hiro.so/txid/${TXID}?chain=testnet`);
    expect(receiptExplorerUrl(TXID, "mainnet")).toBe(`https://explorer.hiro.so/txid/${TXID}?chain=mainnet`);
  });

  it("links nothing on the devnet, which no explorer shows, nor before the gateway named the chain", () => {
    expect(receiptExplorerUrl(TXID, "devnet")).toBeNull();
    expect(receiptExplorerUrl(TXID, null)).toBeNull();
  });
});
