import { describe, expect, it } from "vitest";
import { centsToMicroStx, centsToSats, centsToUsdcUnits, dollarsToCents } from "./money.ts";

describe("money rules (DESIGN.md, SPEC.md §9)", () => {
  it("prices in dollars become cents by rounding half up, despite binary floating point", () => {
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0)).toBe(0);
  });

  it("µSTX = ceil(usd / usdPerStx × 1e6), exactly, at sub-dollar rates", () => {
    expect(centsToMicroStx(100, 0.5)).toBe(2_000_000n); // $1 at $0.50 = 2 STX
    expect(centsToMicroStx(1, 0.3)).toBe(33_334n); // $0.01 / 0.3 = 0.0333… STX → 33334 µSTX
    expect(centsToMicroStx(1999, 1.2345)).toBe(16_192_791n); // 19.99 / 1.2345 = 16.1927906… → ceil
    expect(() => centsToMicroStx(100, 0)).toThrow(RangeError);
  });

  it("sats = ceil(usd / usdPerBtc × 1e8), exactly, including non-integer rates", () => {
    expect(centsToSats(100, 110_000)).toBe(910n); // $1 / 110000 = 909.09… sats → 910
    expect(centsToSats(11_000_000, 110_000)).toBe(100_000_000n); // $110,000 = 1 BTC exactly
    expect(centsToSats(1999, 97_123.45)).toBe(20_583n); // 19.99 / 97123.45 × 1e8 = 20582.05… → 20583
  });

  it("USDC has 6 decimals: one cent is 10 000 units", () => {
    expect(centsToUsdcUnits(1)).toBe(10_000n);
    expect(centsToUsdcUnits(100)).toBe(1_000_000n);
  });

  it("rejects nonsense rates", () => {
    expect(() => centsToSats(100, 0)).toThrow(RangeError);
    expect(() => centsToSats(100, Number.NaN)).toThrow(RangeError);
  });
});
