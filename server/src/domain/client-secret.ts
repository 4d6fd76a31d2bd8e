import { createHmac, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "./secret-box.ts";

/**
 * A payment intent's client secret (Stripe's form, `pi_…_secret_…`): what lets a browser — a
 * publishable key or no credential at all — read, follow and report a payment for one intent. The
 * id alone is not enough: ids travel in memos on a public chain, in logs and in support tickets.
 *
 * Derived, not stored: HMAC-SHA256 of the id under a key of its own (HKDF from the server's sealing
 * key), so no column holds it and a database dump alone reveals none. 24 bytes of the tag (192 bits)
 * make it unguessable; checks compare in constant time.
 */
export const CLIENT_SECRET_MARKER = "_secret_";
const TAG_BYTES = 24;
const KEY_PURPOSE = "payment-intent-client-secret/v1";

export class ClientSecrets {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error("ClientSecrets needs a key of at least 32 bytes");
    this.#key = key;
  }

  /** The client secret of `intentId`. */
  for(intentId: string): string {
    return `${intentId}${CLIENT_SECRET_MARKER}${this.#tag(intentId).toString("base64url")}`;
  }

  /** True when `presented` is `intentId`'s client secret; false for anything else, missing included. */
  verify(intentId: string, presented: string | null | undefined): boolean {
    if (!presented) return false;
    const prefix = `${intentId}${CLIENT_SECRET_MARKER}`;
    if (!presented.startsWith(prefix)) return false;
    const given = Buffer.from(presented.slice(prefix.length), "base64url");
    const expected = this.#tag(intentId);
    // base64url decoding is lenient; re-encoding rules out a second spelling of the same bytes.
    if (given.length !== expected.length || given.toString("base64url") !== presented.slice(prefix.length))
      return false;
    return timingSafeEqual(given, expected);
  }

  #tag(intentId: string): Buffer {
    return createHmac("sha256", this.#key).update(intentId).digest().subarray(0, TAG_BYTES);
  }
}

const bySecretBox = new WeakMap<SecretBox, ClientSecrets>();

/** The client secrets keyed by `box`'s derived key (one derivation per process). */
export function clientSecretsOf(box: SecretBox): ClientSecrets {
  let secrets = bySecretBox.get(box);
  if (!secrets) {
    secrets = new ClientSecrets(box.deriveKey(KEY_PURPOSE));
    bySecretBox.set(box, secrets);
  }
  return secrets;
}
