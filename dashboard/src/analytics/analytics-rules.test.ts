import { describe, expect, it } from "vitest";
import {
  AVATAR_COLORS,
  avatarColor,
  axisLabelWidth,
  cardValues,
  compactUsdMicros,
  customerStatus,
  dateLabelEvery,
  initials,
  integerTicks,
  niceMax,
} from "./analytics-rules.ts";

describe("analytics dashboard rules (SPEC.md §9)", () => {
  it("revenue is exact to the micro-dollar; success rate reads --% when none is decided", () => {
    const cards = cardValues({
      total_revenue_micros: "1234560000",
      transactions: 1200,
      success_rate: null,
      active_customers: 3,
    });
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ["Total Revenue", "$1,234.56"],
      ["Transactions", "1,200"],
      ["Success Rate", "--%"],
      ["Active Customers", "3"],
    ]);
    expect(
      cardValues({ total_revenue_micros: "0", transactions: 3, success_rate: 67, active_customers: 0 })[2]
        ?.value,
    ).toBe("67%");
    // Two $0.001 x402 calls are revenue, not "$0.00".
    expect(
      cardValues({ total_revenue_micros: "2000", transactions: 2, success_rate: 100, active_customers: 0 })[0]
        ?.value,
    ).toBe("$0.002");
  });
  it("initials are up to 2 letters", () => {
    expect(initials("ann.lee@example.com")).toBe("AL");
    expect(initials("bob@example.com")).toBe("BO");
    expect(initials("Carol Ann Smith")).toBe("CA");
    expect(initials("")).toBe("?");
  });
  it("the avatar colour is one of 8, stable for a name", () => {
    expect(AVATAR_COLORS).toHaveLength(8);
    expect(avatarColor("ann@example.com")).toBe(avatarColor("ann@example.com"));
    expect(AVATAR_COLORS).toContain(avatarColor("zed"));
    const spread = new Set(["a", "b", "c", "d", "e", "f", "g", "h", "i"].map(avatarColor));
    expect(spread.size).toBeGreaterThan(3);
  });
  it("chart axes end on a round number", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(450)).toBe(500);
  });
  it("a customer is Active once they paid", () => {
    expect(customerStatus(1)).toBe("Active");
    expect(customerStatus(0)).toBe("Pending");
  });
});

describe("integer chart axis", () => {
  it("has distinct whole-number ticks (never 0, 1, 1)", () => {
    expect(integerTicks(niceMax(1))).toEqual([0, 1]);
    expect(integerTicks(niceMax(0))).toEqual([0, 1]);
    expect(integerTicks(niceMax(2))).toEqual([0, 1, 2]);
    expect(integerTicks(niceMax(7))).toEqual([0, 5, 10]);
    for (let n = 0; n <= 1000; n++) {
      const ticks = integerTicks(niceMax(n));
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });
});

describe("the revenue chart on a narrow card", () => {
  it("draws fewer date labels the narrower the chart, at most seven", () => {
    expect(dateLabelEvery(30, 620)).toBe(5); // seven fit: every fifth day
    expect(dateLabelEvery(30, 200)).toBe(8); // four fit on a phone
    expect(dateLabelEvery(7, 620)).toBe(1);
    expect(dateLabelEvery(365, 20)).toBe(365); // one label when even one barely fits
  });
  it("shortens revenue ticks and makes room for the widest label", () => {
    expect(compactUsdMicros(200_000_000_000)).toBe("$200K");
    expect(compactUsdMicros(1_500_000_000_000)).toBe("$1.5M");
    expect(compactUsdMicros(5_000_000)).toBe("$5");
    expect(axisLabelWidth(["$0", "$200K"])).toBe(35);
    expect(axisLabelWidth([])).toBe(0);
  });
});
