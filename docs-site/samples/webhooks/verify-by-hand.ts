/**
 * Standard Webhooks verification without the SDK, with node:crypto only:
 * signature = base64(HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)), where the
 * key is the base64 part of the `whsec_…` secret. The header may carry several space-separated
 * `v1,<signature>` values (during a secret rotation): any one matching is enough.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = 5 * 60;

export function verifySpayWebhook(
  body: string,
  headers: Record<string, string | undefined>,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): unknown {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) throw new Error("missing webhook headers");
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) throw new Error("timestamp outside tolerance");

  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  const valid = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error("invalid signature");
  return JSON.parse(body);
}
