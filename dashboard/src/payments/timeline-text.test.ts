import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { TRANSFER_FAILURES } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import type { PaymentEvent } from "../api/types.ts";
import { humanize, reasonText, timelineText } from "./timeline-text.ts";

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

/** Every reason protocol/src/transitions.ts writes: literals, and templates with a sample value. */
function reasonsInTransitions(): string[] {
  const source = readFileSync(resolve(__dirname, "../../../protocol/src/transitions.ts"), "utf8");
  const literals = [...source.matchAll(/reason: "([a-z_]+)"/g)].map((m) => m[1] ?? "");
  const templates = [...source.matchAll(/`([a-z_]+):\$\{/g)].map((m) => `${m[1]}:x`);
  const samples: Record<string, string[]> = {
    "block_orphaned:x": ["block_orphaned:812"],
    "confirmations:x": ["confirmations:2/3"],
    "transaction_failed:x": ["transaction_failed:abort_by_response", "transaction_failed:whatever"],
    "transfer_rejected:x": ["transfer_rejected:wrong_recipient", "transfer_rejected:memo_mismatch"],
    "transfer_reversed:x": ["transfer_reversed:dropped", "transfer_reversed:wrong_token"],
  };
  // A transfer that did not pay: named once in TRANSFER_FAILURES, with the chain's answer after a colon.
  const failures = [
    `${TRANSFER_FAILURES.failed}:x`,
    `${TRANSFER_FAILURES.rejected}:x`,
    TRANSFER_FAILURES.dropped,
  ];
  const found = [...new Set([...literals, ...templates, ...failures])];
  return found.flatMap((r) => samples[r] ?? [r]);
}

describe("payment timeline lines", () => {
  it("shows status changes with SPEC.md §4 labels", () => {
    expect(timelineText(event(null, "requires_payment_method", "created"))).toBe("Awaiting Payment");
    expect(timelineText(event("transaction_confirmed", "payment_settled", null))).toBe("Confirmed → Paid");
    expect(timelineText(event("transaction_broadcast", "requires_payment_method", "dropped"))).toBe(
      "Tx Broadcast → Awaiting Payment — The transaction was dropped from the mempool",
    );
  });
  it("shows fulfillment steps", () => {
    expect(timelineText(event("payment_settled", "payment_settled", "fulfillment_shipped"))).toBe(
      "Fulfillment: Shipped",
    );
  });

  it("turns every reason the protocol writes into plain words, never the internal code", () => {
    const reasons = reasonsInTransitions();
    // The walk found the reasons (a broken regex would make this test pass vacuously).
    expect(reasons).toEqual(
      expect.arrayContaining([
        "in_mempool",
        "txid_submitted",
        "reconfirmed",
        "block_orphaned:812",
        "paid_late",
      ]),
    );
    expect(reasons.length).toBeGreaterThanOrEqual(15);
    for (const reason of reasons) {
      const text = reasonText(reason);
      expect(text, reason).not.toBe("");
      expect(text, reason).not.toBe(humanize(reason));
      expect(text, reason).not.toMatch(/[a-z]+_[a-z]+/);
    }
  });

  it("explains the chain reorganization reasons as SPEC'd", () => {
    expect(reasonText("block_orphaned:812")).toBe(
      "The block holding this payment was replaced by a chain reorganization (block 812); re-checking",
    );
    expect(reasonText("reconfirmed")).toBe("Confirmed again after a chain reorganization");
    expect(reasonText("transfer_reversed:dropped")).toBe(
      "The payment did not make it into the new chain after a reorganization",
    );
    expect(reasonText("confirmations:2/3")).toBe("2 of 3 confirmations");
    expect(timelineText(event("transaction_broadcast", "transaction_pending", "in_mempool"))).toBe(
      "Tx Broadcast → Confirming — Transaction seen in the mempool, waiting for a block",
    );
  });
});
