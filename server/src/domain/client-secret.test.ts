import { describe, expect, it } from "vitest";
import { ClientSecrets, clientSecretsOf } from "./client-secret.ts";
import { SecretBox } from "./secret-box.ts";

const box = new SecretBox(Buffer.alloc(32, 7));
const secrets = clientSecretsOf(box);

describe("payment intent client secrets", () => {
  it("have Stripe's form: the id, `_secret_`, then 192 bits as base64url", () => {
    expect(secrets.for("pi_abc")).toMatch(/^pi_abc_secret_[A-Za-z0-9_-]{32}$/);
  });

  it("verify for their own intent only", () => {
    const secret = secrets.for("pi_abc");
    expect(secrets.verify("pi_abc", secret)).toBe(true);
    expect(secrets.verify("pi_abd", secret)).toBe(false);
    expect(secrets.verify("pi_abd", secret.replace("pi_abc", "pi_abd"))).toBe(false);
  });

  it("refuse a missing, truncated, extended or altered secret", () => {
    const secret = secrets.for("pi_abc");
    const last = secret.at(-1) === "A" ? "B" : "A";
    for (const wrong of [
      undefined,
      null,
      "",
      "pi_abc",
      "pi_abc_secret_",
      secret.slice(0, -1),
      `${secret}A`,
      `${secret.slice(0, -1)}${last}`,
      `${secret}=`,
    ])
      expect(secrets.verify("pi_abc", wrong)).toBe(false);
  });

  it("come from a key derived for this purpose, not the sealing key itself", () => {
    const raw = new ClientSecrets(Buffer.alloc(32, 7));
    expect(raw.for("pi_abc")).not.toBe(secrets.for("pi_abc"));
    expect(box.deriveKey("payment-intent-client-secret/v1").equals(Buffer.alloc(32, 7))).toBe(false);
  });

  it("differ between installations (another sealing key)", () => {
    const other = clientSecretsOf(new SecretBox(Buffer.alloc(32, 8)));
    expect(other.for("pi_abc")).not.toBe(secrets.for("pi_abc"));
    expect(other.verify("pi_abc", secrets.for("pi_abc"))).toBe(false);
  });
});
