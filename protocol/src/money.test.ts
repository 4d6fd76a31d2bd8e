import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToMicros, formatUsdMicros, MICROS_PER_DOLLAR, usdDecimal } from "./money.ts";

/** Reads a written amount back to micro-dollars, by decimal digits alone (no floating point). */
function readBack(text: string): bigint {
  const negative = text.startsWith("-");
  const digits = text.replace(/[-$,]/g, "");
  const [whole = "0", fraction = ""] = digits.split(".");
  const micros = BigInt(whole) * BigInt(MICROS_PER_DOLLAR) + BigInt(fraction.padEnd(6, "0"));
  return negative ? -micros : micros;
}

const amounts = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });

describe("dollar amounts below a cent", () => {
  it("write a tenth of a cent as $0.001, never $0.00", () => {
    expect(formatUsdMicros(1000)).toBe("$0.001");
    expect(usdDecimal(1000)).toBe("0.001");
    expect(formatUsdMicros(2000)).toBe("$0.002");
    expect(formatUsdMicros(1100)).toBe("$0.0011");
    expect(formatUsdMicros(1)).toBe("$0.000001");
  });

  it("show at least two decimals, and grouped thousands for people", () => {
    expect(formatUsdMicros(0)).toBe("$0.00");
    expect(formatUsdMicros(centsToMicros(1999))).toBe("$19.99");
    expect(formatUsdMicros(centsToMicros(500))).toBe("$5.00");
    expect(formatUsdMicros(centsToMicros(99_999_999))).toBe("$999,999.99");
    expect(formatUsdMicros(-centsToMicros(150))).toBe("-$1.50");
    expect(usdDecimal("123456789000")).toBe("123456.789");
  });

  it("refuse anything that is not a whole number of micro-dollars", () => {
    expect(() => usdDecimal(0.5)).toThrow(RangeError);
    expect(() => usdDecimal("1e3")).toThrow(RangeError);
    expect(() => usdDecimal("")).toThrow(RangeError);
  });

  it("read back exactly what they wrote, for every amount", () => {
    fc.assert(
      fc.property(amounts, (micros) => {
        expect(readBack(usdDecimal(micros))).toBe(micros);
        expect(readBack(formatUsdMicros(micros))).toBe(micros);
      }),
    );
  });

  it("use two decimals, or exactly as many as the amount needs", () => {
    fc.assert(
      fc.property(amounts, (micros) => {
        const fraction = usdDecimal(micros).split(".")[1] ?? "";
        expect(fraction.length).toBeGreaterThanOrEqual(2);
        if (fraction.length > 2) expect(fraction.endsWith("0")).toBe(false);
      }),
    );
  });

  it("sum exactly: the written sum of many $0.001 calls is their count in tenths of a cent", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 200 }), (parts) => {
        const sum = parts.reduce((total, micros) => total + BigInt(micros), 0n);
        const writtenSum = parts.reduce((total, micros) => total + readBack(usdDecimal(micros)), 0n);
        expect(writtenSum).toBe(sum);
        expect(readBack(formatUsdMicros(sum))).toBe(sum);
      }),
    );
  });
});
