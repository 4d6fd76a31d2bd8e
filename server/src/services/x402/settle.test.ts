import { describe, expect, it } from "vitest";
import { settlementOutcome } from "./settle.ts";

describe("x402 settle: the outcome the watcher wrote on the intent", () => {
  const txid = `0x${"ab".repeat(32)}`;
  it("succeeded once the transaction is mined (confirmed) or the payment settled", () => {
    expect(settlementOutcome({ status: "transaction_confirmed", txid }, txid)).toBe("succeeded");
    expect(settlementOutcome({ status: "payment_settled", txid }, txid)).toBe("succeeded");
  });
  it("pending while the transaction is broadcast or in the mempool", () => {
    expect(settlementOutcome({ status: "transaction_broadcast", txid }, txid)).toBe("pending");
    expect(settlementOutcome({ status: "transaction_pending", txid }, txid)).toBe("pending");
  });
  it("failed once the watcher let go of it", () => {
    expect(settlementOutcome({ status: "requires_payment_method", txid: null }, txid)).toBe("failed");
    expect(settlementOutcome({ status: "failed", txid }, txid)).toBe("failed");
    expect(settlementOutcome({ status: "payment_settled", txid: "0xother" }, txid)).toBe("failed");
  });
});
