import { describe, expect, it } from "vitest";
import {
  FALLBACK_USD_PER_BTC,
  formatIntentAmount,
  formatSats,
  formatSbtc,
  formatStx,
  formatUsd,
  formatUsdc,
  formatX402Amount,
  satsForCents,
  shortTxid,
} from "./format.js";

describe("amount formatting (SPEC.md §9)", () => {
  it("USD from integer cents, divided by 100 for display", () => {
    expect(formatUsd(1999)).toBe("$19.99");
    expect(formatUsd(100)).toBe("$1.00");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(99_999_999)).toBe("$999,999.99");
    expect(formatUsd("250")).toBe("$2.50");
    expect(formatUsd(-150)).toBe("-$1.50");
  });

  it("sats below 1e8 as a count, at or above 1e8 in BTC with 3 decimals", () => {
    expect(formatSats(18_173)).toBe("18,173 sats");
    expect(formatSats(1)).toBe("1 sat");
    expect(formatSats(99_999_999n)).toBe("99,999,999 sats");
    expect(formatSats(100_000_000n)).toBe("1.000 BTC");
    expect(formatSats("123400000")).toBe("1.234 BTC");
    expect(formatSats(123_450_000)).toBe("1.235 BTC"); // half up
    expect(formatSats(2_100_000_000_000_000n)).toBe("21,000,000.000 BTC");
  });

  it("sBTC with all 8 decimals", () => {
    expect(formatSbtc(18_173)).toBe("0.00018173 sBTC");
    expect(formatSbtc("100000000")).toBe("1.00000000 sBTC");
    expect(formatSbtc(0)).toBe("0.00000000 sBTC");
  });

  it("STX (µSTX, 6 decimals) with at least 2 places and the ones it needs", () => {
    expect(formatStx(2_500_000)).toBe("2.50 STX");
    expect(formatStx(3_334)).toBe("0.003334 STX");
    expect(formatStx("1234567890000")).toBe("1,234,567.89 STX");
    expect(
      formatIntentAmount({ asset: "stx", amount_asset: "2000000", amount_sbtc: null, decimals: 6 }),
    ).toBe("2.00 STX");
    expect(formatX402Amount({ asset_type: "stx", amount: "2000", decimals: 6 })).toBe("0.002 STX");
  });

  it("USDC (6 decimals) as dollars with 2 decimals; sub-cent prices keep their digits", () => {
    expect(formatUsdc(1_000_000)).toBe("$1.00"); // SPEC.md §9's x402 example
    expect(formatUsdc("2500000")).toBe("$2.50");
    expect(formatUsdc(199_900_000n)).toBe("$199.90");
    expect(formatUsdc(1_000)).toBe("$0.001"); // "micro-payments as low as $0.001"
    expect(formatUsdc(1)).toBe("$0.000001");
  });

  it("large atomic amounts are exact (no floating point)", () => {
    expect(formatSbtc("9007199254740993")).toBe("90,071,992.54740993 sBTC");
    expect(formatUsdc("9007199254740993")).toBe("$9,007,199,254.740993");
  });

  it("refuses amounts that are not integers", () => {
    expect(() => formatUsd(19.99)).toThrow(RangeError);
    expect(() => formatSats("1e5")).toThrow(RangeError);
    expect(() => formatSbtc(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it("an intent shows sats/BTC for sBTC and dollars for USDC", () => {
    expect(
      formatIntentAmount({ asset: "sbtc", amount_sbtc: "19990", amount_asset: "19990", decimals: 8 }),
    ).toBe("19,990 sats");
    expect(
      formatIntentAmount({ asset: "usdc", amount_sbtc: null, amount_asset: "19990000", decimals: 6 }),
    ).toBe("$19.99");
  });

  it("an x402 scheme shows dollars for sip10 (USDC) and sBTC with 8 decimals otherwise", () => {
    expect(formatX402Amount({ asset_type: "sip10", amount: "1000000" })).toBe("$1.00");
    expect(formatX402Amount({ asset_type: "sip10", amount: "1000", decimals: 6 })).toBe("$0.001");
    expect(formatX402Amount({ asset_type: "sbtc", amount: "1000" })).toBe("0.00001000 sBTC");
  });

  it("shortens a txid to 0x + 4 … 4", () => {
    expect(shortTxid(`0x1a2b${"0".repeat(56)}9f0e`)).toBe("0x1a2b…9f0e");
    expect(shortTxid(`1a2b${"0".repeat(56)}9f0e`)).toBe("0x1a2b…9f0e");
    expect(shortTxid("0xabc")).toBe("0xabc");
  });
});

describe("satsForCents: ceil(usd / rate × 1e8), exact", () => {
  it("uses the fallback rate of 110000 by default", () => {
    expect(FALLBACK_USD_PER_BTC).toBe(110_000);
    expect(satsForCents(1999)).toBe(18_173n); // 19.99 / 110000 × 1e8 = 18172.7…
  });

  it("rounds up, never down, and is exact where floats are not", () => {
    expect(satsForCents(1999, 100_000)).toBe(19_990n);
    expect(satsForCents(1, 100_000)).toBe(10n);
    expect(satsForCents(1, 300_000)).toBe(4n); // 3.33…
    // Math.ceil(7 / 100 / 100000 × 1e8) is 71 in floats (0.07 × 1000 = 70.00000000000001); exactly 70.
    expect(satsForCents(7, 100_000)).toBe(70n);
    expect(satsForCents(99_999_999, 104_523.17)).toBe(956_725_662n);
  });

  it("refuses a rate that is not a positive number", () => {
    expect(() => satsForCents(100, 0)).toThrow(RangeError);
    expect(() => satsForCents(100, Number.NaN)).toThrow(RangeError);
  });
});
