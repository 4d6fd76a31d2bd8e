/**
 * Test support for the paywall adapters: a PaywallCore whose gate the test drives by request
 * header — no payment gets a 402; `x-test-payment: good` is a verified payment whose settlement
 * adds a receipt; `x-test-payment: raced` one whose settlement loses (a 402 replaces the answer).
 * `handle` is the core's own (handleWith). The adapters are tested against the core's contract;
 * the core itself against a real gateway in src/server/paywall/paywall.test.ts.
 */
import { handleWith, type PaywallCore, type PaywallGate } from "../../src/x402/paywall/core.js";

export const RECEIPT: [string, string] = ["payment-response", "receipt"];

export function recordingCore(): PaywallCore & { settled: number } {
  const core = {
    settled: 0,
    async gate(request: Request): Promise<PaywallGate> {
      const payment = request.headers.get("x-test-payment");
      if (!payment) return { kind: "respond", response: new Response("pay first", { status: 402 }) };
      return {
        kind: "paid",
        payer: "ST3PAYER",
        async settle() {
          core.settled += 1;
          return payment === "good"
            ? { ok: true, header: RECEIPT }
            : { ok: false, response: new Response("duplicate_settlement", { status: 402 }) };
        },
      };
    },
    handle: (request: Request, serve: (request: Request) => Promise<Response>) =>
      handleWith(core.gate, request, serve),
  };
  return core;
}
