import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, verifyWebhook } from "./webhook-signature.ts";

describe("Standard Webhooks signatures", () => {
  it("are verified by the independent standardwebhooks package", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded" });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": "evt_1",
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader([secret], "evt_1", timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("during a rotation carry one signature per secret; each secret verifies alone", () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"a":1}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": "evt_2",
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader([fresh, old], "evt_2", timestamp, body),
    };
    expect(new Webhook(old).verify(body, headers)).toEqual({ a: 1 });
    expect(new Webhook(fresh).verify(body, headers)).toEqual({ a: 1 });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("our verifier rejects tampered bodies and stale timestamps", () => {
    const secret = newWebhookSecret();
    const now = 1_800_000_000;
    const signature = signatureHeader([secret], "evt_3", now, "{}");
    expect(verifyWebhook(secret, { id: "evt_3", timestamp: String(now), signature }, "{}", 300, now)).toBe(
      true,
    );
    expect(verifyWebhook(secret, { id: "evt_3", timestamp: String(now), signature }, "{ }", 300, now)).toBe(
      false,
    );
    expect(
      verifyWebhook(secret, { id: "evt_3", timestamp: String(now), signature }, "{}", 300, now + 301),
    ).toBe(false);
  });
});
