import { describe, expect, it } from "vitest";
import { usdToAtomicUnits } from "./price.ts";
import { X402Error } from "./wire.ts";

const USDC = { asset: "usdc", decimals: 6 } as const;
const SBTC = { asset: "sbtc", decimals: 8 } as const;

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

  it("refuses prices that are not positive dollar amounts", () => {
    for (const bad of ["", "0", "$0.000", "-1", "1e3", "$", "abc", "1.1234567890123"]) {
      expect(() => usdToAtomicUnits(bad, USDC, 100_000), bad).toThrow(X402Error);
    }
  });
});
