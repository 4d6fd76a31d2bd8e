import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Encode, utf8Encode } from "./base64.ts";
import { decodeX402Header as decodeHeader, encodeX402Header as encodeHeader } from "./header.ts";
import { parsePaymentProof } from "./payment.ts";
import { PAYMENT_IDENTIFIER, readPaymentIdentifier } from "./payment-identifier.ts";
import { parseRequirement } from "./requirements.ts";
import { X402_NETWORKS, X402Error } from "./wire.ts";

/**
 * Property-based fuzzing of the x402 codec (fast-check): whatever a client or merchant sends in a
 * PAYMENT-SIGNATURE / X-PAYMENT header or a requirement, the codec either returns a well-formed
 * value or throws an X402Error with a reason — never a TypeError, RangeError or SyntaxError.
 */
function onlyTyped(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (err) {
    if (err instanceof X402Error) return err;
    throw err;
  }
}

const NETWORKS = [...Object.values(X402_NETWORKS), "stacks-mainnet", "stacks-testnet", "stacks"];
const hostile = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: "grapheme", maxLength: 100 }),
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", 1e308, -1, 1.5, -0, null, [], {}),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
);
const txidLike = fc.oneof(fc.stringMatching(/^(0x)?[0-9a-fA-F]{64}$/), fc.string({ maxLength: 70 }), hostile);
const payloadArb = fc.oneof(
  fc.record(
    { transaction: fc.oneof(fc.stringMatching(/^(0x)?[0-9a-f]{0,400}$/), hostile) },
    { requiredKeys: [] },
  ),
  fc.record({ txid: txidLike }, { requiredKeys: [] }),
  hostile,
);
const networkArb = fc.oneof(fc.constantFrom(...NETWORKS), hostile);
const proofArb = fc.oneof(
  fc.record(
    {
      x402Version: fc.oneof(fc.constantFrom(1, 2), hostile),
      scheme: fc.oneof(fc.constant("exact"), hostile),
      network: networkArb,
      accepted: fc.oneof(fc.record({ network: networkArb, scheme: fc.constant("exact") }), hostile),
      payload: payloadArb,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      version: fc.oneof(fc.constant("0.1.0"), hostile),
      scheme: hostile,
      network: networkArb,
      data: payloadArb,
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string({ maxLength: 12 }), hostile),
);
const requirementArb = fc.oneof(
  fc.record(
    {
      scheme: fc.oneof(fc.constant("exact"), hostile),
      network: networkArb,
      amount: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String), fc.nat(), hostile),
      maxAmountRequired: hostile,
      asset: fc.oneof(fc.constant("ST1.usdc"), hostile),
      payTo: fc.oneof(fc.constant("ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM"), hostile),
      recipient: hostile,
      resource: fc.oneof(fc.record({ url: hostile }), hostile),
      extra: fc.oneof(
        fc.record({ nonce: hostile, expiresAt: hostile, decimals: hostile }, { requiredKeys: [] }),
        hostile,
      ),
    },
    { requiredKeys: [] },
  ),
  hostile,
);

describe("x402 codec under fuzzing", { timeout: 60_000 }, () => {
  it("decodeHeader: any string is an object or an invalid_payload X402Error", () => {
    const header = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.base64String({ maxLength: 400 }),
      fc.jsonValue().map((v) => base64Encode(utf8Encode(JSON.stringify(v) ?? ""))),
      proofArb.map((p) => encodeHeader(p)),
    );
    fc.assert(
      fc.property(header, (value) => {
        const out = onlyTyped(() => decodeHeader(value));
        if (out instanceof X402Error) expect(out.reason).toBe("invalid_payload");
        else expect(typeof out === "object" && out !== null && !Array.isArray(out)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("encodeHeader/decodeHeader round-trip any JSON object", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: "grapheme", maxLength: 10 }), fc.jsonValue()), (value) => {
        expect(decodeHeader(encodeHeader(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });

  it("fields whose toString is not a function (found by fuzzing) give typed errors, not a TypeError", () => {
    const hostile = { toString: null } as unknown as string;
    expect(onlyTyped(() => parsePaymentProof({ x402Version: hostile } as never))).toBeInstanceOf(X402Error);
    expect(
      onlyTyped(() =>
        parsePaymentProof({ x402Version: 1, scheme: hostile, network: "stacks", payload: {} } as never),
      ),
    ).toBeInstanceOf(X402Error);
    expect(
      readPaymentIdentifier({ extensions: { [PAYMENT_IDENTIFIER]: { info: { id: hostile } } } } as never),
    ).toEqual({ invalid: "(object)" });
  });

  it("parsePaymentProof: a well-formed proof or a typed error", () => {
    fc.assert(
      fc.property(proofArb, (value) => {
        const out = onlyTyped(() => parsePaymentProof(value as Record<string, unknown>));
        if (out instanceof X402Error) return;
        const proof = out as ReturnType<typeof parsePaymentProof>;
        expect([X402_NETWORKS.mainnet, X402_NETWORKS.testnet]).toContain(proof.network);
        if (proof.kind === "txid") expect(proof.txid).toMatch(/^0x[0-9a-f]{64}$/);
        else expect(proof.hex).toMatch(/^[0-9a-fA-F]+$/);
      }),
      { numRuns: 1_000 },
    );
  });

  it("parseRequirement: a well-formed requirement or a typed error", () => {
    fc.assert(
      fc.property(requirementArb, (value) => {
        const out = onlyTyped(() => parseRequirement(value));
        if (out instanceof X402Error) return;
        const r = out as ReturnType<typeof parseRequirement>;
        expect(typeof r.amount).toBe("bigint");
        expect(r.amount >= 0n).toBe(true);
        expect([X402_NETWORKS.mainnet, X402_NETWORKS.testnet]).toContain(r.network);
        expect(typeof r.payTo).toBe("string");
        expect(typeof r.asset).toBe("string");
        expect(r.expiresAt === null || Number.isFinite(r.expiresAt)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
