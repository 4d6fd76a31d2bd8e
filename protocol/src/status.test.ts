import { describe, expect, it } from "vitest";
import {
  FAILED_STATUSES,
  fulfillmentLabel,
  OPEN_STATUSES,
  PAID_STATUSES,
  PAYMENT_STATUSES,
  PENDING_STATUSES,
  statusLabel,
  TERMINAL_STATUSES,
  TRACKING_STATUSES,
} from "./status.ts";

describe("payment statuses (SPEC.md §4)", () => {
  it("puts every status in exactly one group: open, tracking or terminal", () => {
    for (const status of PAYMENT_STATUSES) {
      const groups = [OPEN_STATUSES, TRACKING_STATUSES, TERMINAL_STATUSES].filter((g) => g.includes(status));
      expect(groups, status).toHaveLength(1);
    }
  });

  it("filters Pending as the in-flight statuses and Failed as the ones that ended unpaid", () => {
    expect([...PENDING_STATUSES].sort()).toEqual(
      PAYMENT_STATUSES.filter((s) => !TERMINAL_STATUSES.includes(s)).sort(),
    );
    expect([...FAILED_STATUSES].sort()).toEqual(
      TERMINAL_STATUSES.filter((s) => !PAID_STATUSES.includes(s)).sort(),
    );
  });

  it("labels statuses as SPEC.md §4, and shows an unknown value as itself", () => {
    expect(PAYMENT_STATUSES.map(statusLabel)).toEqual([
      "Awaiting Payment",
      "Payment Started",
      "Tx Broadcast",
      "Confirming",
      "Confirmed",
      "Paid",
      "Partially Refunded",
      "Refunded",
      "Failed",
      "Canceled",
      "Expired",
    ]);
    expect(statusLabel("disputed")).toBe("disputed");
  });

  it("labels fulfillment statuses, and shows an unknown value as itself", () => {
    expect(fulfillmentLabel("not_required")).toBe("Not required");
    expect(fulfillmentLabel("shipped")).toBe("Shipped");
    expect(fulfillmentLabel("returned")).toBe("returned");
  });
});
