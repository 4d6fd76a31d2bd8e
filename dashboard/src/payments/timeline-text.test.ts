import { describe, expect, it } from "vitest";
import type { PaymentEvent } from "../api/types.ts";
import { timelineText } from "./timeline-text.ts";

const event = (from: string | null, to: string, reason: string | null): PaymentEvent => ({
  id: "pev_1",
  object: "payment_event",
  payment_intent_id: "pi_1",
  from_status: from,
  to_status: to,
  reason,
  txid: null,
  created_at: 1,
});

describe("payment timeline lines", () => {
  it("shows status changes with SPEC.md §4 labels", () => {
    expect(timelineText(event(null, "requires_payment_method", "created"))).toBe("Awaiting Payment");
    expect(timelineText(event("transaction_confirmed", "payment_settled", null))).toBe("Confirmed → Paid");
    expect(timelineText(event("transaction_broadcast", "requires_payment_method", "dropped"))).toBe(
      "Tx Broadcast → Awaiting Payment (dropped)",
    );
  });
  it("shows fulfillment steps", () => {
    expect(timelineText(event("payment_settled", "payment_settled", "fulfillment_shipped"))).toBe(
      "Fulfillment: Shipped",
    );
  });
});
