import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "./verify-webhook.js";
import { WebhookVerificationError } from "./webhook-verification-error.js";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const body = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "payment_intent.succeeded",
  created_at: 1_700_000_000,
  env: "test",
  data: { object: { id: "pi_1", status: "payment_settled", metadata: { note: "café ✓" } } },
});
const now = Math.floor(Date.now() / 1000);

/** Headers as the independent `standardwebhooks` package signs them. */
function signed(payload = body, at = now, key = secret, id = "evt_1") {
  const signature = new Webhook(key).sign(id, new Date(at * 1000), payload);
  return { "webhook-id": id, "webhook-timestamp": String(at), "webhook-signature": signature };
}

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).reason;
  }
  return undefined;
}

describe("verifyWebhook (Standard Webhooks)", () => {
  it("accepts what the standardwebhooks package signs, and returns the parsed event", () => {
    const event = verifyWebhook(body, signed(), secret);
    expect(event).toMatchObject({
      id: "evt_1",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_1" } },
    });
  });

  it("what it accepts, standardwebhooks accepts too (our reading of the scheme matches theirs)", () => {
    const id = "evt_2";
    const key = Buffer.from(secret.slice(6), "base64");
    const mac = createHmac("sha256", key).update(`${id}.${now}.${body}`).digest("base64");
    const headers = { "webhook-id": id, "webhook-timestamp": String(now), "webhook-signature": `v1,${mac}` };
    expect(verifyWebhook(body, headers, secret)).toBeTruthy();
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("takes a Buffer body, Fetch API Headers, and mixed-case or array header values", () => {
    const h = signed();
    expect(verifyWebhook(Buffer.from(body), new Headers(h), secret)).toBeTruthy();
    const node = {
      "Webhook-Id": h["webhook-id"],
      "WEBHOOK-TIMESTAMP": [h["webhook-timestamp"]],
      "webhook-signature": h["webhook-signature"],
    };
    expect(verifyWebhook(body, node, secret)).toBeTruthy();
  });

  it("finds the matching one among several signatures, and tries every secret during a rotation", () => {
    const old = `whsec_${randomBytes(32).toString("base64")}`;
    const h = signed(body, now, old);
    h["webhook-signature"] =
      `v1,${Buffer.alloc(32).toString("base64")} v2,whatever ${h["webhook-signature"]}`;
    expect(verifyWebhook(body, h, [secret, old])).toBeTruthy();
    expect(reasonOf(() => verifyWebhook(body, h, secret))).toBe("invalid_signature");
  });

  it("rejects a changed body, a wrong secret, a changed id or a bare signature", () => {
    const h = signed();
    expect(reasonOf(() => verifyWebhook(body.replace("pi_1", "pi_2"), h, secret))).toBe("invalid_signature");
    expect(reasonOf(() => verifyWebhook(body, h, `whsec_${randomBytes(32).toString("base64")}`))).toBe(
      "invalid_signature",
    );
    expect(reasonOf(() => verifyWebhook(body, { ...h, "webhook-id": "evt_other" }, secret))).toBe(
      "invalid_signature",
    );
    const mac = h["webhook-signature"].slice(3);
    expect(reasonOf(() => verifyWebhook(body, { ...h, "webhook-signature": mac }, secret))).toBe(
      "invalid_signature",
    );
  });

  it("refuses timestamps more than 5 minutes off either way; the tolerance is configurable", () => {
    // The boundaries are checked against a fixed clock: a slow machine must not move them.
    const at = { now };
    expect(reasonOf(() => verifyWebhook(body, signed(body, now - 301), secret, at))).toBe(
      "timestamp_too_old",
    );
    expect(reasonOf(() => verifyWebhook(body, signed(body, now + 301), secret, at))).toBe(
      "timestamp_too_new",
    );
    expect(verifyWebhook(body, signed(body, now - 299), secret, at)).toBeTruthy();
    expect(verifyWebhook(body, signed(body, now + 299), secret, at)).toBeTruthy();
    expect(verifyWebhook(body, signed(body, now - 3600), secret, { toleranceSeconds: 7200 })).toBeTruthy();
    expect(verifyWebhook(body, signed(body, 1_000), secret, { now: 1_100 })).toBeTruthy();
    expect(reasonOf(() => verifyWebhook(body, { ...signed(), "webhook-timestamp": "12abc" }, secret))).toBe(
      "invalid_signature",
    );
  });

  it("missing headers and a body that is not JSON have their own reasons", () => {
    const h = signed();
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"] as const) {
      const { [name]: _, ...rest } = h;
      expect(reasonOf(() => verifyWebhook(body, rest, secret))).toBe("missing_headers");
    }
    expect(reasonOf(() => verifyWebhook("not json", signed("not json"), secret))).toBe("invalid_json");
  });

  it("an empty secret is a programming error, not a failed verification", () => {
    expect(() => verifyWebhook(body, signed(), "whsec_")).toThrow(TypeError);
  });
});
