import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Standard Webhooks: secrets are `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per valid secret, space separated. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((s) => signWebhook(s, id, timestamp, body)).join(" ");
}

/** Verifies a header against one secret, with a tolerance on the timestamp (default 5 minutes). */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  toleranceSeconds = 300,
  now = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body).slice(3), "base64");
  return headers.signature.split(" ").some((part) => {
    const [version, mac] = part.split(",");
    if (version !== "v1" || !mac) return false;
    const given = Buffer.from(mac, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
