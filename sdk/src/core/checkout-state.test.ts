import { describe, expect, it } from "vitest";
import { type CheckoutState, phaseForStatus, stateForIntent } from "./checkout-state.js";
import { MESSAGES } from "./messages.js";
import type { PaymentIntent, PaymentStatus } from "./types.js";

const base: CheckoutState = {
  phase: "awaiting_payment",
  intent: null,
  txid: null,
  error: null,
  method: "qr",
};
const intent = (status: PaymentStatus, txid: string | null = null) =>
  ({ id: "pi_1", status, txid, spay_url: "https://pay.example/c/pi_1" }) as PaymentIntent;

describe("checkout phases come from the server's status, not from timers", () => {
  it("maps each status (SPEC.md §4)", () => {
    expect(phaseForStatus("requires_payment_method")).toBeNull();
    expect(phaseForStatus("transaction_broadcast")).toBe("broadcast");
    expect(phaseForStatus("transaction_pending")).toBe("confirming");
    expect(phaseForStatus("transaction_confirmed")).toBe("confirming");
    expect(phaseForStatus("payment_settled")).toBe("settled");
    // A refund never reopens a paid checkout.
    expect(phaseForStatus("partially_refunded")).toBe("settled");
    expect(phaseForStatus("refunded")).toBe("settled");
    expect(phaseForStatus("expired")).toBe("expired");
    expect(phaseForStatus("failed")).toBe("error");
    expect(phaseForStatus("canceled")).toBe("error");
  });

  it("an open intent awaits payment; the server's txid is kept once seen", () => {
    expect(stateForIntent({ ...base, phase: "idle" }, intent("requires_payment_method")).phase).toBe(
      "awaiting_payment",
    );
    const next = stateForIntent(base, intent("transaction_pending", "0xabc"));
    expect([next.phase, next.txid]).toEqual(["confirming", "0xabc"]);
  });

  it("while the wallet is connecting or sending, an open status keeps the local step", () => {
    for (const phase of ["connecting", "sending"] as const) {
      expect(stateForIntent({ ...base, phase }, intent("requires_payment_method")).phase).toBe(phase);
    }
    expect(stateForIntent({ ...base, phase: "sending" }, intent("transaction_broadcast", "0x1")).phase).toBe(
      "broadcast",
    );
  });

  it.each(["transaction_dropped", "underpaid"])(
    "a transaction that fell through (%s) is an error with 'Transaction failed or cancelled.'",
    (status_reason) => {
      const next = stateForIntent(
        { ...base, phase: "confirming", txid: "0x1" },
        { ...intent("requires_payment_method"), status_reason },
      );
      expect(next).toMatchObject({
        phase: "error",
        txid: null,
        error: MESSAGES.transactionFailedOrCancelled,
      });
    },
  );

  it("a transfer the chain refused stays shown as failed while the intent is open, until Try Again", () => {
    const aborted = {
      ...intent("requires_payment_method"),
      status_reason: "transaction_failed:abort_by_response",
    };
    const next = stateForIntent({ ...base, phase: "broadcast", txid: "0x1" }, aborted);
    expect(next).toMatchObject({ phase: "error", txid: null, error: MESSAGES.transactionFailedOrCancelled });
    expect(stateForIntent(next, aborted)).toMatchObject({ phase: "error" });
  });

  it("a reported transfer the chain does not show yet (payment started) is under way, not failed", () => {
    expect(phaseForStatus("payment_initiated")).toBe("broadcast");
    // Just broadcast: the server has the report, the chain API has not indexed the transaction.
    const next = stateForIntent({ ...base, phase: "sending", txid: "0x2" }, intent("payment_initiated"));
    expect(next).toMatchObject({ phase: "broadcast", txid: "0x2", error: null });
  });

  it("failed and canceled end in an error with its text; expired has its own phase", () => {
    expect(stateForIntent(base, intent("failed"))).toMatchObject({
      phase: "error",
      error: MESSAGES.paymentFailed,
    });
    expect(stateForIntent(base, intent("canceled"))).toMatchObject({
      phase: "error",
      error: MESSAGES.paymentCanceled,
    });
    expect(stateForIntent(base, intent("expired"))).toMatchObject({ phase: "expired", error: null });
  });

  it("a shown wallet error stays until cleared while the intent is still open", () => {
    const failed = { ...base, phase: "error" as const, error: "User rejected the request" };
    expect(stateForIntent(failed, intent("requires_payment_method"))).toMatchObject({
      phase: "error",
      error: "User rejected the request",
    });
  });
});
