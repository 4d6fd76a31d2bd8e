import { describe, expect, it } from "vitest";
import { INTENT_EVENT } from "./events.ts";
import { PAID_STATUSES, PAYMENT_STATUSES, type PaymentStatus, TERMINAL_STATUSES } from "./status.ts";
import {
  assertMove,
  canMove,
  decide,
  type IntentState,
  type Observation,
  TRANSITIONS,
  TransitionError,
} from "./transitions.ts";

const TX = "0xaaa";
const OTHER_TX = "0xbbb";

function intent(status: PaymentStatus, overrides: Partial<IntentState> = {}): IntentState {
  return { status, txid: null, amount_asset: "1000", expires_at: 2_000, payment_method: null, ...overrides };
}
const tracking = (status: PaymentStatus) => intent(status, { txid: TX });
const paid = (received: bigint, confirmations = 1, required = 1): Observation => ({
  kind: "paid",
  txid: TX,
  confirmations,
  required,
  received,
});

describe("the transition table", () => {
  it("lets no terminal status move, except a paid one to its refunded statuses", () => {
    for (const status of TERMINAL_STATUSES) {
      const allowed = PAID_STATUSES.includes(status) ? ["partially_refunded", "refunded"] : [];
      for (const to of TRANSITIONS[status]) expect(allowed, `${status} → ${to}`).toContain(to);
    }
    // Money received after a full refund makes part of the payment refundable again.
    expect(TRANSITIONS.refunded).toEqual(["partially_refunded"]);
  });

  it("never lets an intent move back to a status it came from, except to be paid again or after a fork", () => {
    const order = (s: PaymentStatus) => PAYMENT_STATUSES.indexOf(s);
    for (const from of PAYMENT_STATUSES) {
      for (const to of TRANSITIONS[from]) {
        if (to === "requires_payment_method") continue;
        if (from === "transaction_confirmed" && to === "transaction_pending") continue; // a fork
        if (from === "refunded" && to === "partially_refunded") continue; // paid more after a full refund
        expect(order(to), `${from} → ${to}`).toBeGreaterThan(order(from));
      }
    }
  });

  it("allows staying in a status (a reason or an amount changes)", () => {
    for (const status of PAYMENT_STATUSES) expect(canMove(status, status)).toBe(true);
  });

  it("refuses a settled payment going back to awaiting payment", () => {
    expect(canMove("payment_settled", "requires_payment_method")).toBe(false);
    expect(() => assertMove("payment_settled", "requires_payment_method", "pi_1")).toThrow(TransitionError);
    expect(() => assertMove("payment_settled", "requires_payment_method", "pi_1")).toThrow(
      "Illegal payment status change payment_settled → requires_payment_method for pi_1",
    );
  });

  it("refuses canceling or expiring an intent whose transaction is under way", () => {
    for (const from of ["transaction_broadcast", "transaction_pending", "transaction_confirmed"] as const) {
      expect(canMove(from, "canceled")).toBe(false);
      expect(canMove(from, "expired")).toBe(false);
    }
  });

  it("holds exactly the moves decide makes: each decided move is allowed, each allowed move is decided", () => {
    const observations: Observation[] = [
      { kind: "dropped", txid: TX },
      { kind: "pending", txid: TX },
      { kind: "failed", txid: TX, reason: "abort_by_response" },
      { kind: "rejected", txid: TX, reason: "wrong_recipient" },
      paid(999n, 0, 1),
      paid(999n),
      paid(1000n),
      { kind: "expired", now: 5_000 },
      { kind: "canceled", now: 5_000 },
      { kind: "reported", txid: TX },
      { kind: "report_pending", txid: TX },
      { kind: "report_failed", txid: TX, reason: null },
      { kind: "assigned", txid: TX },
      { kind: "orphaned", txid: TX, height: 7 },
      { kind: "refunded", txid: TX, refunded: 400n, received: 1000n },
      { kind: "refunded", txid: TX, refunded: 1000n, received: 1000n },
    ];
    const decided = new Set<string>();
    for (const status of PAYMENT_STATUSES) {
      for (const observation of observations) {
        const change = decide(tracking(status), observation);
        if (change?.status === undefined || change.status === status) continue;
        expect(canMove(status, change.status), `${status} → ${change.status} on ${observation.kind}`).toBe(
          true,
        );
        decided.add(`${status} → ${change.status}`);
      }
    }
    const allowed = PAYMENT_STATUSES.flatMap((from) => TRANSITIONS[from].map((to) => `${from} → ${to}`));
    expect([...decided].sort()).toEqual(allowed.sort());
  });
});

describe("decide: the followed transaction fails", () => {
  for (const status of ["transaction_broadcast", "transaction_pending", "transaction_confirmed"] as const) {
    it(`a dropped transaction returns a ${status} intent to awaiting payment`, () => {
      expect(decide(tracking(status), { kind: "dropped", txid: TX })).toEqual({
        status: "requires_payment_method",
        reason: "transaction_dropped",
        txid: null,
        event: INTENT_EVENT.failed,
        eventTxid: TX,
      });
    });
  }

  it("names the abort reason of a failed transaction", () => {
    expect(
      decide(tracking("transaction_pending"), { kind: "failed", txid: TX, reason: "abort_by_response" }),
    ).toMatchObject({
      status: "requires_payment_method",
      reason: "transaction_failed:abort_by_response",
      event: INTENT_EVENT.failed,
    });
  });

  it("names the reason a transfer is rejected", () => {
    expect(
      decide(tracking("transaction_broadcast"), { kind: "rejected", txid: TX, reason: "wrong_token" }),
    ).toMatchObject({
      status: "requires_payment_method",
      reason: "transfer_rejected:wrong_token",
    });
  });

  it("ignores a failing transaction the intent does not follow", () => {
    expect(
      decide(tracking("transaction_pending"), { kind: "failed", txid: OTHER_TX, reason: "x" }),
    ).toBeNull();
  });

  it("records a transfer first seen already failed on an intent still waiting (the payer may pay again)", () => {
    for (const status of ["requires_payment_method", "payment_initiated"] as const) {
      expect(decide(intent(status), { kind: "failed", txid: TX, reason: "abort_by_response" })).toEqual({
        status: "requires_payment_method",
        reason: "transaction_failed:abort_by_response",
        txid: null,
        event: INTENT_EVENT.failed,
        eventTxid: TX,
      });
    }
    expect(
      decide(intent("requires_payment_method"), { kind: "rejected", txid: TX, reason: "wrong_token" }),
    ).toMatchObject({ reason: "transfer_rejected:wrong_token", event: INTENT_EVENT.failed });
  });

  it("changes no status of an open or ended intent (a settled one only records a fork's reversal)", () => {
    for (const status of ["requires_payment_method", "payment_settled", "expired"] as const) {
      expect(decide(tracking(status), { kind: "dropped", txid: TX })?.status).toBeUndefined();
    }
    for (const status of ["requires_payment_method", "expired"] as const) {
      expect(decide(tracking(status), { kind: "dropped", txid: TX })).toBeNull();
    }
  });
});

describe("decide: a checkout reports a transfer the chain does not show yet", () => {
  it("starts the payment of an intent waiting for one (no webhook: nothing is on chain yet)", () => {
    expect(decide(intent("requires_payment_method"), { kind: "report_pending", txid: TX })).toEqual({
      status: "payment_initiated",
      reason: "txid_reported",
      event: null,
    });
  });

  it("changes nothing once started, under way, paid or ended", () => {
    for (const status of PAYMENT_STATUSES.filter((s) => s !== "requires_payment_method"))
      expect(decide(intent(status), { kind: "report_pending", txid: TX }), status).toBeNull();
  });

  it("puts a started payment back to waiting, saying the transfer was dropped or rejected", () => {
    expect(decide(intent("payment_initiated"), { kind: "report_failed", txid: TX, reason: null })).toEqual({
      status: "requires_payment_method",
      reason: "transaction_dropped",
      event: null,
      eventTxid: TX,
    });
    expect(
      decide(intent("payment_initiated"), {
        kind: "report_failed",
        txid: TX,
        reason: "memo_names_another_intent",
      }),
    ).toMatchObject({
      status: "requires_payment_method",
      reason: "transfer_rejected:memo_names_another_intent",
    });
  });

  it("a failed report moves nothing but a started payment", () => {
    for (const status of PAYMENT_STATUSES.filter((s) => s !== "payment_initiated"))
      expect(decide(intent(status), { kind: "report_failed", txid: TX, reason: null }), status).toBeNull();
  });
});

describe("decide: the transaction is in the mempool", () => {
  it("moves an open or broadcast intent to confirming and follows the transaction", () => {
    for (const status of ["requires_payment_method", "payment_initiated", "transaction_broadcast"] as const) {
      expect(decide(intent(status), { kind: "pending", txid: TX })).toEqual({
        status: "transaction_pending",
        reason: "in_mempool",
        txid: TX,
        event: null,
      });
    }
  });

  it("never moves an intent backwards from confirmed, nor an ended one", () => {
    for (const status of [
      "transaction_pending",
      "transaction_confirmed",
      "payment_settled",
      "canceled",
    ] as const) {
      expect(decide(tracking(status), { kind: "pending", txid: TX })).toBeNull();
    }
  });
});

describe("decide: the transaction pays the intent", () => {
  it("shows the confirmations while fewer than required", () => {
    expect(decide(tracking("transaction_pending"), paid(1000n, 1, 3))).toEqual({
      status: "transaction_confirmed",
      reason: "confirmations:1/3",
      txid: TX,
      event: null,
    });
  });

  it("shows a confirmed intent's growing count until the transfer counts (no event)", () => {
    expect(decide(tracking("transaction_confirmed"), paid(1000n, 2, 3))).toEqual({
      status: "transaction_confirmed",
      reason: "confirmations:2/3",
      txid: TX,
      event: null,
    });
  });

  it("settles when the counted amount is what is due", () => {
    expect(decide(tracking("transaction_confirmed"), paid(1000n, 3, 3))).toEqual({
      status: "payment_settled",
      reason: "paid",
      txid: TX,
      amount_received: "1000",
      event: INTENT_EVENT.succeeded,
    });
  });

  it("settles as overpaid when more than due arrived", () => {
    expect(decide(tracking("transaction_pending"), paid(1001n))).toMatchObject({
      status: "payment_settled",
      reason: "overpaid",
      amount_received: "1001",
    });
  });

  it("returns an underpaid intent to awaiting payment, keeping what arrived", () => {
    expect(decide(tracking("transaction_confirmed"), paid(999n))).toEqual({
      status: "requires_payment_method",
      reason: "underpaid",
      txid: null,
      amount_received: "999",
      event: INTENT_EVENT.partiallyPaid,
      eventTxid: TX,
    });
  });

  it("records a further transfer after settlement as overpayment, the status stays", () => {
    expect(decide(tracking("payment_settled"), paid(2000n))).toEqual({
      amount_received: "2000",
      reason: "overpaid",
      event: null,
      eventTxid: TX,
    });
  });

  for (const status of ["expired", "canceled", "failed"] as const) {
    it(`records money for a ${status} intent as paid late, the status stays`, () => {
      expect(decide(intent(status), paid(1000n))).toEqual({
        amount_received: "1000",
        reason: "paid_late",
        event: INTENT_EVENT.paidLate,
        eventTxid: TX,
      });
    });
  }
});

describe("decide: the clock", () => {
  it("expires an open intent at its expiry time", () => {
    expect(decide(intent("requires_payment_method"), { kind: "expired", now: 2_000 })).toEqual({
      status: "expired",
      reason: "expired_unpaid",
      event: INTENT_EVENT.expired,
    });
  });

  it("does not expire before the expiry time", () => {
    expect(decide(intent("requires_payment_method"), { kind: "expired", now: 1_999 })).toBeNull();
  });

  it("never expires an intent whose transaction is under way", () => {
    expect(decide(tracking("transaction_broadcast"), { kind: "expired", now: 9_999 })).toBeNull();
  });
});

describe("decide: the merchant cancels", () => {
  it("cancels an open intent with the merchant's reason", () => {
    expect(decide(intent("payment_initiated"), { kind: "canceled", now: 7, reason: "duplicate" })).toEqual({
      status: "canceled",
      reason: "duplicate",
      canceled_at: 7,
      cancellation_reason: "duplicate",
      event: INTENT_EVENT.canceled,
    });
  });

  it("records 'canceled' when no reason is given", () => {
    expect(decide(intent("requires_payment_method"), { kind: "canceled", now: 7 })).toMatchObject({
      reason: "canceled",
      cancellation_reason: null,
    });
  });

  it("refuses once money is on its way or the intent ended", () => {
    for (const status of ["transaction_broadcast", "payment_settled", "expired"] as const) {
      expect(decide(tracking(status), { kind: "canceled", now: 7 })).toBeNull();
    }
  });
});

describe("decide: a transaction carrying the memo is reported", () => {
  it("starts tracking it on an open intent", () => {
    expect(
      decide(intent("requires_payment_method"), { kind: "reported", txid: TX, paymentMethod: "qr" }),
    ).toEqual({
      status: "transaction_broadcast",
      reason: "txid_submitted",
      txid: TX,
      payment_method: "qr",
      event: INTENT_EVENT.processing,
    });
  });

  it("defaults the payment method to the intent's, then wallet", () => {
    expect(
      decide(intent("requires_payment_method", { payment_method: "x402" }), { kind: "reported", txid: TX }),
    ).toMatchObject({ payment_method: "x402" });
    expect(decide(intent("requires_payment_method"), { kind: "reported", txid: TX })).toMatchObject({
      payment_method: "wallet",
    });
  });

  it("notes a late transaction on an expired or canceled intent without moving it", () => {
    expect(decide(intent("expired"), { kind: "reported", txid: TX, paymentMethod: "qr" })).toEqual({
      reason: "late_transaction_reported",
      payment_method: "qr",
      event: null,
      eventTxid: TX,
    });
  });

  it("changes nothing while another transaction is followed or after settlement", () => {
    expect(decide(tracking("transaction_pending"), { kind: "reported", txid: OTHER_TX })).toBeNull();
    expect(decide(tracking("payment_settled"), { kind: "reported", txid: OTHER_TX })).toBeNull();
  });
});

describe("decide: the merchant assigns an unmatched transfer", () => {
  it("starts tracking it on an open intent", () => {
    expect(decide(intent("requires_payment_method"), { kind: "assigned", txid: TX })).toEqual({
      status: "transaction_broadcast",
      reason: "assigned_by_merchant",
      txid: TX,
      event: INTENT_EVENT.processing,
    });
  });

  it("notes it on an expired intent, which stays expired until the money counts", () => {
    expect(decide(intent("expired"), { kind: "assigned", txid: TX })).toEqual({
      reason: "assigned_by_merchant",
      event: null,
      eventTxid: TX,
    });
  });

  it("refuses a canceled, tracking or settled intent", () => {
    for (const status of ["canceled", "transaction_broadcast", "payment_settled"] as const) {
      expect(decide(tracking(status), { kind: "assigned", txid: OTHER_TX })).toBeNull();
    }
  });
});

describe("decide: a refund's transfer counts", () => {
  const refunded = (amount: bigint): Observation => ({
    kind: "refunded",
    txid: OTHER_TX,
    refunded: amount,
    received: 1000n,
  });

  it("a partial refund: partially_refunded, with what was returned and a timeline entry", () => {
    expect(decide(tracking("payment_settled"), refunded(400n))).toEqual({
      status: "partially_refunded",
      reason: "refunded:400",
      amount_refunded: "400",
      event: null,
      eventTxid: OTHER_TX,
      record: true,
    });
  });

  it("refunds adding up to what was received: refunded", () => {
    expect(decide(tracking("partially_refunded"), refunded(1000n))?.status).toBe("refunded");
    expect(decide(tracking("payment_settled"), refunded(1000n))?.status).toBe("refunded");
  });

  it("moves only a paid intent", () => {
    for (const status of PAYMENT_STATUSES.filter((s) => !PAID_STATUSES.includes(s)))
      expect(decide(tracking(status), refunded(400n)), status).toBeNull();
  });

  it("a transfer after a refund is still an overpayment of a paid intent, never a new settlement", () => {
    const change = decide(tracking("partially_refunded"), {
      kind: "paid",
      txid: OTHER_TX,
      confirmations: 1,
      required: 1,
      received: 1500n,
    });
    expect(change?.status).toBeUndefined();
    expect(change?.reason).toBe("overpaid");
  });

  it("money received after a full refund: partially refunded again, refundable; no more than refunded changes nothing", () => {
    const later = (received: bigint): Observation => ({
      kind: "paid",
      txid: OTHER_TX,
      confirmations: 1,
      required: 1,
      received,
    });
    const refunded = intent("refunded", { txid: TX, amount_refunded: "1000" });
    expect(decide(refunded, later(1500n))).toEqual({
      status: "partially_refunded",
      amount_received: "1500",
      reason: "overpaid",
      event: null,
      eventTxid: OTHER_TX,
    });
    expect(decide(refunded, later(1000n))?.status).toBeUndefined();
    expect(
      decide(intent("refunded", { txid: TX, amount_refunded: "1500" }), later(1500n))?.status,
    ).toBeUndefined();
    expect(
      decide(intent("partially_refunded", { amount_refunded: "400" }), later(1500n))?.status,
    ).toBeUndefined();
  });
});

describe("decide: forks", () => {
  const orphaned: Observation = { kind: "orphaned", txid: TX, height: 42 };

  it("sends an intent still confirming back to waiting for its transaction", () => {
    expect(decide(tracking("transaction_confirmed"), orphaned)).toEqual({
      status: "transaction_pending",
      reason: "block_orphaned:42",
      event: null,
    });
    expect(canMove("transaction_confirmed", "transaction_pending")).toBe(true);
  });

  it("ignores a fork of a transfer the intent does not follow", () => {
    expect(decide(intent("transaction_confirmed", { txid: OTHER_TX }), orphaned)).toBeNull();
    expect(decide(intent("requires_payment_method"), orphaned)).toBeNull();
  });

  it("keeps a settled intent settled and records the fork on its timeline", () => {
    expect(decide(tracking("payment_settled"), orphaned)).toEqual({
      reason: "block_orphaned:42",
      event: null,
      eventTxid: TX,
      record: true,
    });
  });

  it("records the settling transfer counted again as reconfirmed, not as an overpayment", () => {
    expect(decide(tracking("payment_settled"), paid(1000n))).toEqual({
      amount_received: "1000",
      reason: "reconfirmed",
      event: null,
      eventTxid: TX,
      record: true,
    });
  });

  it("records a settling transfer the new branch dropped, without un-settling", () => {
    expect(decide(tracking("payment_settled"), { kind: "dropped", txid: TX })).toEqual({
      reason: "transfer_reversed:dropped",
      event: null,
      eventTxid: TX,
      record: true,
    });
    expect(
      decide(tracking("payment_settled"), {
        kind: "failed",
        txid: TX,
        reason: "dropped_replace_across_fork",
      }),
    ).toMatchObject({ reason: "transfer_reversed:dropped_replace_across_fork", record: true });
    expect(decide(tracking("payment_settled"), { kind: "dropped", txid: OTHER_TX })).toBeNull();
  });
});
