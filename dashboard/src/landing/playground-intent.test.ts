import { describe, expect, it } from "vitest";
import { fabricateIntent } from "./playground-intent.ts";

describe("playground intent (SPEC.md §9)", () => {
  it("prices sBTC at an assumed 110000 USD per BTC, rounded up to whole sats", () => {
    // $1.00 / 110000 * 1e8 = 909.09… → 910
    expect(fabricateIntent(100).amount_sbtc).toBe(910);
    expect(fabricateIntent(1).amount_sbtc).toBe(10);
  });

  it("expires 300 seconds after creation and keeps the amount in cents", () => {
    const intent = fabricateIntent(2500, 1_700_000_000_000);
    expect(intent.amount).toBe(2500);
    expect(intent.created_at).toBe(1_700_000_000);
    expect(intent.expires_at).toBe(1_700_000_300);
    expect(intent.status).toBe("requires_payment_method");
  });
});
