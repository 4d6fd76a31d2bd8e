import { describe, expect, it } from "vitest";
import { hostedCheckoutPhase, lastTransferFailed } from "./hosted-phase.ts";

describe("hosted checkout states", () => {
  it("offers payment while open and not past its expiry", () => {
    expect(hostedCheckoutPhase({ status: "requires_payment_method", expires_at: 200 }, 100)).toBe("open");
    expect(hostedCheckoutPhase({ status: "requires_payment_method", expires_at: 100 }, 200)).toBe("expired");
  });
  it("follows a transfer on its way, then settles", () => {
    expect(hostedCheckoutPhase({ status: "transaction_pending", expires_at: 0 }, 1)).toBe("processing");
    // Reported by the checkout, not on chain yet: no second Pay button while it may still land.
    expect(hostedCheckoutPhase({ status: "payment_initiated", expires_at: 200 }, 100)).toBe("processing");
    expect(hostedCheckoutPhase({ status: "payment_settled", expires_at: 0 }, 1)).toBe("settled");
    // A refund later leaves the customer on the paid receipt, never back at "processing".
    expect(hostedCheckoutPhase({ status: "partially_refunded", expires_at: 0 }, 1)).toBe("settled");
    expect(hostedCheckoutPhase({ status: "refunded", expires_at: 0 }, 1)).toBe("settled");
  });
  it("ends on expired, canceled and failed", () => {
    expect(hostedCheckoutPhase({ status: "expired", expires_at: 0 })).toBe("expired");
    expect(hostedCheckoutPhase({ status: "canceled", expires_at: 0 })).toBe("canceled");
    expect(hostedCheckoutPhase({ status: "failed", expires_at: 0 })).toBe("failed");
  });
  it("says the last transfer failed while the intent waits again, never once it moved on", () => {
    const open = { status: "requires_payment_method" as const, expires_at: Date.now() / 1000 + 600 };
    expect(lastTransferFailed({ ...open, status_reason: "transaction_failed:abort_by_response" })).toBe(true);
    expect(lastTransferFailed({ ...open, status_reason: "transfer_rejected:memo_mismatch" })).toBe(true);
    expect(lastTransferFailed({ ...open, status_reason: "transaction_dropped" })).toBe(true);
    expect(lastTransferFailed({ ...open, status_reason: "created" })).toBe(false);
    expect(lastTransferFailed({ ...open, status_reason: null })).toBe(false);
    expect(
      lastTransferFailed({
        status: "transaction_pending",
        expires_at: 0,
        status_reason: "transaction_failed:x",
      }),
    ).toBe(false);
  });
});
