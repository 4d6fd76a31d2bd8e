import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signatureHeader, signWebhook, verifyWebhook } from "./webhook-signature.ts";

/**
 * Property-based checks of Standard Webhooks signing (fast-check): a signature made with the
 * secret verifies — also with the reference `standardwebhooks` library — and anything else
 * (another secret, body, id or timestamp, any garbage header) is refused without throwing.
 */
const secretArb = fc
  .uint8Array({ minLength: 1, maxLength: 64 })
  .map((b) => `whsec_${Buffer.from(b).toString("base64")}`);
const idArb = fc.oneof(
  fc.constant("evt_1"),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);
const bodyArb = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);
const NOW = 1_790_000_000;
const tsArb = fc.integer({ min: NOW - 299, max: NOW + 299 });
const RUNS = { numRuns: 300 };
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("webhook signatures under fuzzing", () => {
  it("a signature made with the secret verifies, here and with the reference library", () => {
    fc.assert(
      fc.property(secretArb, idArb, tsArb, bodyArb, (secret, id, ts, body) => {
        const signature = signatureHeader([secret], id, ts, body);
        expect(verifyWebhook(secret, { id, timestamp: String(ts), signature }, body, 300, NOW)).toBe(true);
        if (/^[\x21-\x7e]+$/.test(id) && isJson(body)) {
          // The reference library checks the clock itself (sign at its now) and parses the body as JSON.
          const now = Math.floor(Date.now() / 1000);
          const headers = {
            "webhook-id": id,
            "webhook-timestamp": String(now),
            "webhook-signature": signWebhook(secret, id, now, body),
          };
          expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
        }
      }),
      RUNS,
    );
  });

  it("another secret, body, id or timestamp never verifies", () => {
    fc.assert(
      fc.property(
        secretArb,
        secretArb,
        idArb,
        tsArb,
        bodyArb,
        bodyArb,
        (secret, other, id, ts, body, otherBody) => {
          const signature = signatureHeader([secret], id, ts, body);
          const ok = (s: string, h: { id: string; timestamp: string; signature: string }, b: string) =>
            verifyWebhook(s, h, b, 300, NOW);
          if (Buffer.from(other.slice(6), "base64").equals(Buffer.from(secret.slice(6), "base64")) === false)
            expect(ok(other, { id, timestamp: String(ts), signature }, body)).toBe(false);
          if (otherBody !== body)
            expect(ok(secret, { id, timestamp: String(ts), signature }, otherBody)).toBe(false);
          expect(ok(secret, { id: `${id}x`, timestamp: String(ts), signature }, body)).toBe(false);
          expect(ok(secret, { id, timestamp: String(ts + 1), signature }, body)).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it("garbage headers and secrets are refused, never thrown", () => {
    const garbage = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.base64String({ maxLength: 100 }).map((b) => `v1,${b}`),
      fc
        .array(
          fc.base64String({ maxLength: 60 }).map((b) => `v1,${b}`),
          { maxLength: 5 },
        )
        .map((p) => p.join(" ")),
      fc.constantFrom("v1,", "v1", ",", " ", "v1,,,", "v2,AAAA", "v1,=", `v1,${"A".repeat(100_000)}`),
    );
    const timestamp = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", "NaN", "Infinity", "-0", "1e400", "0x10", " 1790000000 ", String(NOW)),
    );
    const secret = fc.oneof(secretArb, fc.string({ maxLength: 80 }), fc.constant("whsec_"), fc.constant(""));
    fc.assert(
      fc.property(secret, idArb, timestamp, garbage, bodyArb, (s, id, ts, signature, body) => {
        let result: boolean | undefined;
        expect(() => {
          result = verifyWebhook(s, { id, timestamp: ts, signature }, body, 300, NOW);
        }).not.toThrow();
        // Accepting is only possible with the real signature for these exact inputs.
        if (result) expect(signature.split(" ")).toContain(signWebhook(s, id, Number(ts), body));
      }),
      RUNS,
    );
  });

  it("a header with several signatures verifies if any one is right (secret rotation), none if all are wrong", () => {
    fc.assert(
      fc.property(
        fc.array(secretArb, { minLength: 1, maxLength: 4 }),
        idArb,
        tsArb,
        bodyArb,
        (secrets, id, ts, body) => {
          const header = signatureHeader(secrets, id, ts, body);
          for (const s of secrets)
            expect(verifyWebhook(s, { id, timestamp: String(ts), signature: header }, body, 300, NOW)).toBe(
              true,
            );
          const stranger = `whsec_${randomBytes(32).toString("base64")}`;
          expect(
            verifyWebhook(stranger, { id, timestamp: String(ts), signature: header }, body, 300, NOW),
          ).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});
