import { describe, expect, it } from "vitest";
import { usdToAtomicUnits } from "./price.ts";
import { X402Error } from "./wire.ts";

const USDC = { asset: "usdc", decimals: 6 } as const;
const SBTC = { asset: "sbtc", decimals: 8 } as const;
const STX = { asset: "stx", decimals: 6, symbol: "STX" } as const;

describe("dollar prices in atomic units", () => {
  it("prices USDC in 6-decimal units: $0.001 is 1000", () => {
    expect(usdToAtomicUnits("$0.001", USDC, 100_000)).toBe(1000n);
    expect(usdToAtomicUnits("1", USDC, 100_000)).toBe(1_000_000n);
    expect(usdToAtomicUnits("$12.34", USDC, 100_000)).toBe(12_340_000n);
  });

  it("rounds sub-unit USDC prices up to the next unit", () => {
    expect(usdToAtomicUnits("$0.0000001", USDC, 100_000)).toBe(1n);
    expect(usdToAtomicUnits("$0.0010001", USDC, 100_000)).toBe(1001n);
  });

  it("prices sBTC in whole sats, rounded up", () => {
    // $0.001 at $100,000/BTC is exactly 1 sat; at $110,000 it is 0.909… sat → 1.
    expect(usdToAtomicUnits("$0.001", SBTC, 100_000)).toBe(1n);
    expect(usdToAtomicUnits("$0.001", SBTC, 110_000)).toBe(1n);
    expect(usdToAtomicUnits("$1", SBTC, 100_000)).toBe(1000n);
    expect(usdToAtomicUnits("$1", SBTC, 110_000)).toBe(910n);
  });

  it("prices STX in µSTX at the STX/USD rate, rounded up", () => {
    // $0.001 at $0.50/STX is 0.002 STX = 2000 µSTX; at $0.3 it is 3333.33… → 3334.
    expect(usdToAtomicUnits("$0.001", STX, 0.5)).toBe(2000n);
    expect(usdToAtomicUnits("$0.001", STX, 0.3)).toBe(3334n);
    expect(usdToAtomicUnits("$1", STX, 2)).toBe(500_000n);
  });

  it("refuses to price STX or sBTC without a rate", () => {
    for (const rate of [0, -1, Number.NaN]) {
      expect(() => usdToAtomicUnits("$1", STX, rate)).toThrow(/no STX price/);
      expect(() => usdToAtomicUnits("$1", SBTC, rate)).toThrow(X402Error);
    }
  });

  it("refuses prices that are not positive dollar amounts", () => {
    for (const bad of ["", "0", "$0.000", "-1", "1e3", "$", "abc", "1.1234567890123"]) {
      expect(() => usdToAtomicUnits(bad, USDC, 100_000), bad).toThrow(X402Error);
    }
  });
});
