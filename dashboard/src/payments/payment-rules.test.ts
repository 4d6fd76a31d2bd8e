import { statusLabel } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { mergeLivePayment } from "./live-merge.ts";
import {
  assetAmount,
  emptyFilterText,
  explorerTxUrl,
  fulfillmentBadge,
  fulfillmentOptions,
  matchesFilter,
} from "./payment-rules.ts";
import { shouldLoadMore, visibleRange } from "./virtual-range.ts";

const pi = (over: Partial<PaymentIntent>): PaymentIntent =>
  ({
    id: "pi_1",
    status: "requires_payment_method",
    fulfillment_status: "not_required",
    asset: "sbtc",
    amount_sbtc: "1000",
    amount_asset: "1000",
    decimals: 8,
    created_at: 100,
    ...over,
  }) as PaymentIntent;

describe("SPEC.md §4 payment filters", () => {
  it("Paid is payment_settled only", () => {
    expect(matchesFilter(pi({ status: "payment_settled" }), "paid")).toBe(true);
    expect(matchesFilter(pi({ status: "transaction_confirmed" }), "paid")).toBe(false);
    // Paid means paid, refunded afterwards or not — as the server counts it.
    expect(matchesFilter(pi({ status: "partially_refunded" }), "paid")).toBe(true);
    expect(matchesFilter(pi({ status: "refunded" }), "paid")).toBe(true);
  });
  it("Pending is the five in-flight statuses plus requires_payment_method", () => {
    for (const status of [
      "requires_payment_method",
      "payment_initiated",
      "transaction_broadcast",
      "transaction_pending",
      "transaction_confirmed",
    ] as const)
      expect(matchesFilter(pi({ status }), "pending")).toBe(true);
    expect(matchesFilter(pi({ status: "payment_settled" }), "pending")).toBe(false);
  });
  it("Failed is failed, canceled and expired", () => {
    for (const status of ["failed", "canceled", "expired"] as const)
      expect(matchesFilter(pi({ status }), "failed")).toBe(true);
  });
  it("Fulfillment is settled, required and not yet delivered or completed", () => {
    const settled = (f: string) => pi({ status: "payment_settled", fulfillment_status: f });
    expect(matchesFilter(settled("processing"), "fulfillment")).toBe(true);
    expect(matchesFilter(settled("shipped"), "fulfillment")).toBe(true);
    expect(matchesFilter(settled("delivered"), "fulfillment")).toBe(false);
    expect(matchesFilter(settled("completed"), "fulfillment")).toBe(false);
    expect(matchesFilter(settled("not_required"), "fulfillment")).toBe(false);
    expect(matchesFilter(pi({ fulfillment_status: "processing" }), "fulfillment")).toBe(false);
  });
});

describe("payment card texts", () => {
  it("labels statuses as SPEC.md §4", () => {
    expect(statusLabel("requires_payment_method")).toBe("Awaiting Payment");
    expect(statusLabel("payment_initiated")).toBe("Payment Started");
    expect(statusLabel("transaction_broadcast")).toBe("Tx Broadcast");
    expect(statusLabel("transaction_pending")).toBe("Confirming");
    expect(statusLabel("transaction_confirmed")).toBe("Confirmed");
    expect(statusLabel("payment_settled")).toBe("Paid");
  });
  it("hides the fulfillment badge for not_required", () => {
    expect(fulfillmentBadge("not_required")).toBeNull();
    expect(fulfillmentBadge("shipped")).toBe("Shipped");
  });
  it("shows the sBTC amount with 8 decimals, or 'Pending' without one", () => {
    expect(assetAmount(pi({}))).toBe("0.00001000 sBTC");
    expect(assetAmount(pi({ amount_sbtc: null }))).toBe("Pending");
    expect(assetAmount(pi({ asset: "usdc", amount_sbtc: null, amount_asset: "2500000", decimals: 6 }))).toBe(
      "$2.50 USDC",
    );
  });
  it("links a transaction to Hiro's explorer on mainnet and testnet, and nowhere on the devnet", () => {
    expect(explorerTxUrl("ab12", "testnet")).toBe("https://explorer.hiro.so/txid/0xab12?chain=testnet");
    expect(explorerTxUrl("0xab12", "mainnet")).toBe("https://explorer.hiro.so/txid/0xab12?chain=mainnet");
    expect(explorerTxUrl("0xab12", "devnet")).toBeNull();
    // Given only the environment (no chain), test payments link to testnet.
    expect(explorerTxUrl("ab12", "test")).toBe("https://explorer.hiro.so/txid/0xab12?chain=testnet");
    expect(explorerTxUrl("0xab12", "live")).toBe("https://explorer.hiro.so/txid/0xab12?chain=mainnet");
  });
  it("names the filter in the empty state", () => {
    expect(emptyFilterText("paid")).toBe("No paid payments found");
    expect(emptyFilterText("failed")).toBe("No failed payments found");
  });
});

describe("virtual list window", () => {
  it("renders only the rows in view plus overscan, whatever the count", () => {
    const r = visibleRange({
      scrollTop: 50_000,
      viewportHeight: 600,
      rowHeight: 100,
      count: 10_000,
      overscan: 5,
    });
    expect(r.start).toBe(495);
    expect(r.end).toBe(512);
    expect(r.offsetTop).toBe(49_500);
    expect(r.totalHeight).toBe(1_000_000);
  });
  it("clamps at both ends", () => {
    expect(visibleRange({ scrollTop: 0, viewportHeight: 300, rowHeight: 100, count: 2 })).toMatchObject({
      start: 0,
      end: 2,
    });
    expect(visibleRange({ scrollTop: -20, viewportHeight: 300, rowHeight: 100, count: 0 })).toMatchObject({
      start: 0,
      end: 0,
    });
  });
  it("asks for more near the end of what is loaded", () => {
    const near = visibleRange({ scrollTop: 8_000, viewportHeight: 600, rowHeight: 100, count: 100 });
    expect(shouldLoadMore(near, 100, true)).toBe(true);
    expect(shouldLoadMore(near, 100, false)).toBe(false);
    const top = visibleRange({ scrollTop: 0, viewportHeight: 600, rowHeight: 100, count: 100 });
    expect(shouldLoadMore(top, 100, true)).toBe(false);
  });
});

describe("live updates", () => {
  it("replaces a known payment in place and puts a new matching one in front", () => {
    const list = [pi({ id: "pi_2", created_at: 200 }), pi({ id: "pi_1", created_at: 100 })];
    const updated = mergeLivePayment(list, pi({ id: "pi_1", status: "payment_settled" }), "all");
    expect(updated.map((p) => [p.id, p.status])).toEqual([
      ["pi_2", "requires_payment_method"],
      ["pi_1", "payment_settled"],
    ]);
    const added = mergeLivePayment(list, pi({ id: "pi_3", created_at: 300 }), "all");
    expect(added.map((p) => p.id)).toEqual(["pi_3", "pi_2", "pi_1"]);
  });
  it("leaves out a new payment that does not belong to the filter", () => {
    expect(mergeLivePayment([], pi({ id: "pi_9" }), "paid")).toEqual([]);
  });
});

describe("fulfillment dropdown", () => {
  it("shows a not_required payment as 'Not required', never as 'Processing'", () => {
    const options = fulfillmentOptions("not_required");
    expect(options[0]).toEqual({ value: "not_required", label: "Not required", disabled: true });
    expect(options.map((o) => o.value)).toEqual([
      "not_required",
      "processing",
      "shipped",
      "delivered",
      "completed",
    ]);
  });
  it("offers the settable steps, the current one among them", () => {
    expect(fulfillmentOptions("shipped").map((o) => o.label)).toEqual([
      "Processing",
      "Shipped",
      "Delivered",
      "Completed",
    ]);
  });
});
