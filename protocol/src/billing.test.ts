import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canBecome,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  intervalText,
  MAX_INTERVAL_COUNT,
  periodAt,
  periodStart,
  RECURRING_INTERVALS,
  type Recurring,
  recurringPriceText,
  recurringProblem,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TRANSITIONS,
} from "./billing.ts";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const monthly: Recurring = { interval: "month", interval_count: 1 };

describe("billing periods", () => {
  it("count every boundary from the anchor: a subscription of January 31 bills on the month's last day, then the 31st again", () => {
    const anchor = at("2027-01-31T09:30:00Z");
    expect([1, 2, 3, 4].map((n) => iso(periodStart(anchor, monthly, n)))).toEqual([
      "2027-02-28T09:30:00.000Z",
      "2027-03-31T09:30:00.000Z",
      "2027-04-30T09:30:00.000Z",
      "2027-05-31T09:30:00.000Z",
    ]);
    // A leap year's February has its 29th.
    expect(iso(periodStart(at("2028-01-31T00:00:00Z"), monthly, 1))).toBe("2028-02-29T00:00:00.000Z");
  });

  it("step whole days, weeks, quarters and years, keeping the time of day", () => {
    const anchor = at("2027-11-29T23:59:59Z");
    expect(iso(periodStart(anchor, { interval: "day", interval_count: 3 }, 2))).toBe(
      "2027-12-05T23:59:59.000Z",
    );
    expect(iso(periodStart(anchor, { interval: "week", interval_count: 2 }, 1))).toBe(
      "2027-12-13T23:59:59.000Z",
    );
    expect(iso(periodStart(anchor, { interval: "month", interval_count: 3 }, 1))).toBe(
      "2028-02-29T23:59:59.000Z",
    );
    expect(iso(periodStart(at("2028-02-29T12:00:00Z"), { interval: "year", interval_count: 1 }, 1))).toBe(
      "2029-02-28T12:00:00.000Z",
    );
  });

  it("find the period holding any instant: its start is at or before it, its end after it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at("2001-01-01T00:00:00Z"), max: at("2090-01-01T00:00:00Z") }),
        fc.constantFrom(...RECURRING_INTERVALS),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 * 366 * 86_400 }),
        (anchor, interval, count, later) => {
          const recurring = { interval, interval_count: Math.min(count, MAX_INTERVAL_COUNT[interval]) };
          const period = periodAt(anchor, recurring, anchor + later);
          expect(period.start).toBeLessThanOrEqual(anchor + later);
          expect(period.end).toBeGreaterThan(anchor + later);
          expect(period.start).toBe(periodStart(anchor, recurring, period.index));
          expect(period.end).toBe(periodStart(anchor, recurring, period.index + 1));
        },
      ),
    );
  });

  it("refuse a period under a day or over a year, and an instant before the anchor", () => {
    expect(recurringProblem({ interval: "month", interval_count: 0 })).toMatch(/1 or more/);
    expect(recurringProblem({ interval: "month", interval_count: 1.5 })).toMatch(/whole number/);
    expect(recurringProblem({ interval: "week", interval_count: 53 })).toMatch(/at most 52/);
    expect(recurringProblem({ interval: "hour" as never, interval_count: 1 })).toMatch(/one of day, week/);
    expect(recurringProblem({ interval: "year", interval_count: 1 })).toBeNull();
    expect(() => periodStart(0, monthly, -1)).toThrow(RangeError);
    expect(() => periodAt(100, monthly, 99)).toThrow(RangeError);
  });

  it("are said as the price card says them", () => {
    expect(recurringPriceText("$9.00", monthly)).toBe("$9.00 / month");
    expect(intervalText({ interval: "month", interval_count: 3 })).toBe("3 months");
    expect(intervalText({ interval: "year", interval_count: 1 })).toBe("year");
  });
});

describe("the invoice and subscription tables", () => {
  it("end an invoice paid or void for good; a written-off one may still be paid", () => {
    for (const status of INVOICE_STATUSES) expect(Object.keys(INVOICE_TRANSITIONS)).toContain(status);
    expect(INVOICE_TRANSITIONS.paid).toEqual([]);
    expect(INVOICE_TRANSITIONS.void).toEqual([]);
    expect(canBecome(INVOICE_TRANSITIONS, "uncollectible", "paid")).toBe(true);
    // Only a draft's amount may change: nothing returns to draft.
    for (const status of INVOICE_STATUSES) expect(INVOICE_TRANSITIONS[status]).not.toContain("draft");
    expect(canBecome(INVOICE_TRANSITIONS, "draft", "paid")).toBe(false);
  });

  it("let a late payment bring a subscription back, except once canceled", () => {
    for (const status of SUBSCRIPTION_STATUSES)
      expect(Object.keys(SUBSCRIPTION_TRANSITIONS)).toContain(status);
    expect(canBecome(SUBSCRIPTION_TRANSITIONS, "past_due", "active")).toBe(true);
    expect(canBecome(SUBSCRIPTION_TRANSITIONS, "unpaid", "active")).toBe(true);
    expect(SUBSCRIPTION_TRANSITIONS.canceled).toEqual([]);
    // A trial is had once.
    for (const status of SUBSCRIPTION_STATUSES)
      expect(SUBSCRIPTION_TRANSITIONS[status]).not.toContain("trialing");
    expect(canBecome(SUBSCRIPTION_TRANSITIONS, "active", "active")).toBe(true);
  });
});
