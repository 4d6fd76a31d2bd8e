import { describe, expect, it } from "vitest";
import { formatPaymentCount } from "./payment-count.ts";

describe("test-payment counter display (SPEC.md §9)", () => {
  it("shows 0 as '0'", () => expect(formatPaymentCount(0)).toBe("0"));
  it("shows counts under 1000 as the number", () => expect(formatPaymentCount(999)).toBe("999"));
  it("shows 1000 and more as thousands with one decimal", () => {
    expect(formatPaymentCount(1000)).toBe("1.0K");
    expect(formatPaymentCount(12_345)).toBe("12.3K");
  });
});
