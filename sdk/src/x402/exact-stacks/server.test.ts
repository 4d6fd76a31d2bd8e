import { DEVNET_USDC_CONTRACT, MAINNET_TOKENS, TESTNET_TOKENS } from "@spay/protocol";
import type { PaymentRequirements } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { ExactStacksServerScheme } from "./server.js";

const TESTNET = "stacks:2147483648";
const MAINNET = "stacks:1";

describe("ExactStacksServerScheme.parsePrice", () => {
  it("prices a dollar amount in the network's USDC at par, 6 decimals, with the token facts in extra", async () => {
    const scheme = new ExactStacksServerScheme();
    expect(await scheme.parsePrice("$0.001", TESTNET)).toEqual({
      amount: "1000",
      asset: TESTNET_TOKENS.usdc.contractId,
      extra: { decimals: 6, tokenType: "sip10", assetName: "usdcx-token", symbol: "USDC" },
    });
    expect((await scheme.parsePrice(0.25, MAINNET)).amount).toBe("250000");
    expect((await scheme.parsePrice("1.5", MAINNET)).asset).toBe(MAINNET_TOKENS.usdc.contractId);
  });

  it("rounds a price finer than the token's unit up, so the merchant never receives less", async () => {
    const scheme = new ExactStacksServerScheme();
    expect((await scheme.parsePrice("$0.0000001", TESTNET)).amount).toBe("1");
  });

  it("prices sBTC in sats at the BTC/USD rate, and refuses a dollar price in sBTC without one", async () => {
    const sbtc = new ExactStacksServerScheme({ asset: "sbtc", btcUsdRate: 100_000 });
    expect(await sbtc.parsePrice("$1", MAINNET)).toEqual({
      amount: "1000",
      asset: MAINNET_TOKENS.sbtc.contractId,
      extra: { decimals: 8, tokenType: "sbtc", assetName: "sbtc-token", symbol: "sBTC" },
    });
    const rated = new ExactStacksServerScheme({ asset: "sbtc", btcUsdRate: async () => 64_000 });
    expect((await rated.parsePrice("$0.01", TESTNET)).amount).toBe("16"); // 15.625 sats, rounded up
    await expect(new ExactStacksServerScheme({ asset: "sbtc" }).parsePrice("$1", TESTNET)).rejects.toThrow(
      /btcUsdRate/,
    );
  });

  it("prices STX in µSTX at the STX/USD rate as asset `STX`, and refuses a dollar price in STX without one", async () => {
    const stx = new ExactStacksServerScheme({ asset: "stx", stxUsdRate: 0.5 });
    expect(await stx.parsePrice("$0.001", TESTNET)).toEqual({
      amount: "2000",
      asset: "STX",
      extra: { decimals: 6, tokenType: "stx", assetName: "STX", symbol: "STX" },
    });
    await expect(
      new ExactStacksServerScheme({ asset: "stx", btcUsdRate: 100_000 }).parsePrice("$1", MAINNET),
    ).rejects.toThrow(/stxUsdRate/);
  });

  it("takes a token per network: the sPay devnet's USDC on testnet", async () => {
    const scheme = new ExactStacksServerScheme({ asset: { testnet: DEVNET_USDC_CONTRACT } });
    expect(await scheme.parsePrice("$0.001", TESTNET)).toEqual({
      amount: "1000",
      asset: DEVNET_USDC_CONTRACT,
      extra: { decimals: 6, tokenType: "sip10", assetName: "usdc-token", symbol: "USDC" },
    });
    expect((await scheme.parsePrice("$0.001", MAINNET)).asset).toBe(MAINNET_TOKENS.usdc.contractId);
  });

  it("takes {amount, asset} as given, naming the token's facts when it knows the contract", async () => {
    const scheme = new ExactStacksServerScheme();
    expect(await scheme.parsePrice({ amount: "42", asset: DEVNET_USDC_CONTRACT }, TESTNET)).toEqual({
      amount: "42",
      asset: DEVNET_USDC_CONTRACT,
      extra: { decimals: 6, tokenType: "sip10", assetName: "usdc-token", symbol: "USDC" },
    });
    await expect(scheme.parsePrice({ amount: "0.5", asset: DEVNET_USDC_CONTRACT }, TESTNET)).rejects.toThrow(
      /atomic units/,
    );
  });

  it("refuses a token it cannot price in dollars, other networks, and prices that are not money", async () => {
    const custom = new ExactStacksServerScheme({
      asset: {
        contractId: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.points",
        assetName: "points",
        decimals: 0,
      },
    });
    await expect(custom.parsePrice("$1", TESTNET)).rejects.toThrow(/no dollar rate/);
    const scheme = new ExactStacksServerScheme();
    await expect(scheme.parsePrice("$1", "eip155:8453")).rejects.toThrow(/not a Stacks network/);
    await expect(scheme.parsePrice("1 BTC", TESTNET)).rejects.toThrow(/not a dollar amount/);
    await expect(scheme.parsePrice("$0", TESTNET)).rejects.toThrow(/above zero/);
  });
});

describe("ExactStacksServerScheme.enhancePaymentRequirements", () => {
  const base: PaymentRequirements = {
    scheme: "exact",
    network: TESTNET,
    amount: "1000",
    asset: DEVNET_USDC_CONTRACT,
    payTo: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
    maxTimeoutSeconds: 300,
    extra: { symbol: "dUSDC" },
  };

  it("fills in the token facts a payer needs, keeping what the route set", async () => {
    expect((await new ExactStacksServerScheme().enhancePaymentRequirements(base)).extra).toEqual({
      decimals: 6,
      tokenType: "sip10",
      assetName: "usdc-token",
      symbol: "dUSDC",
    });
  });

  it("leaves a contract it does not know as it is, and knows the decimals of those it does", async () => {
    const other = { ...base, asset: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.points" };
    const scheme = new ExactStacksServerScheme();
    expect(await scheme.enhancePaymentRequirements(other)).toEqual(other);
    expect(scheme.getAssetDecimals(DEVNET_USDC_CONTRACT, TESTNET)).toBe(6);
    expect(scheme.getAssetDecimals(other.asset, TESTNET)).toBeUndefined();
  });
});
