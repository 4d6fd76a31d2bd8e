import { describe, expect, it } from "vitest";
import { decodeX402Header } from "./header.ts";
import { parsePaymentProof, paymentForm, paymentHeader, readReceipt, receiptHeader } from "./payment.ts";
import { readOffer } from "./requirements.ts";
import { X402_NETWORKS } from "./wire.ts";

const TXID = `0x${"ab".repeat(32)}`;
const entry = {
  scheme: "exact",
  network: X402_NETWORKS.testnet,
  amount: "1000",
  asset: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx",
  payTo: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM",
  extra: { nonce: "n1" },
};

describe("the payer's header in each form is what the facilitator reads", () => {
  for (const form of ["v2", "v1", "spec"] as const) {
    it(`${form}: written by the payer, read back as the same txid and network`, () => {
      const header = paymentHeader({ resource: null }, readOffer(form, entry), { txid: TXID }, "ST2PAYER");
      expect(header.name).toBe(form === "v2" ? "PAYMENT-SIGNATURE" : "X-PAYMENT");
      const headers = new Map([[header.name, header.value]]);
      expect(paymentForm({ get: (n) => headers.get(n) ?? null })?.form).toBe(form);
      const proof = parsePaymentProof(decodeX402Header(header.value));
      expect(proof).toMatchObject({
        kind: "txid",
        txid: TXID,
        network: X402_NETWORKS.testnet,
        scheme: "exact",
      });
    });
  }

  it("a v2 payment carries the nonce of the requirement it accepted; forms without one carry none", () => {
    const v2 = parsePaymentProof({ x402Version: 2, accepted: entry, payload: { transaction: "0x8080" } });
    expect(v2).toMatchObject({ kind: "transaction", echoedNonce: "n1" });
    const unnamed = { ...entry, extra: { nonce: "" } };
    expect(
      parsePaymentProof({ x402Version: 2, accepted: unnamed, payload: { txid: TXID } }).echoedNonce,
    ).toBeNull();
    const v1 = { x402Version: 1, scheme: "exact", network: "stacks-testnet", payload: { txid: TXID } };
    expect(parsePaymentProof(v1).echoedNonce).toBeNull();
  });

  it("a malformed X-PAYMENT is reported, not thrown", () => {
    const got = paymentForm({ get: (n) => (n === "X-PAYMENT" ? "%%%" : null) });
    expect(got?.malformed).toBeTruthy();
  });

  it("the receipt goes in PAYMENT-RESPONSE for v2, X-PAYMENT-RESPONSE otherwise, and reads back", () => {
    const receipt = { success: true, transaction: TXID, network: X402_NETWORKS.testnet, payer: "ST2PAYER" };
    const [v2Name, value] = receiptHeader("v2", receipt);
    expect(v2Name).toBe("PAYMENT-RESPONSE");
    expect(receiptHeader("v1", receipt)[0]).toBe("X-PAYMENT-RESPONSE");
    expect(readReceipt({ get: (n) => (n === v2Name ? value : null) })).toEqual(receipt);
  });
});
