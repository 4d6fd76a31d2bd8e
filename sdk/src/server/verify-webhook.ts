import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./types.js";
import { WebhookVerificationError } from "./webhook-verification-error.js";

/** Request headers as Node (`req.headers`), Express, or the Fetch API (`Headers`) hand them over. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Accepted clock difference in seconds, both ways (default 300: Standard Webhooks' 5 minutes). */
  toleranceSeconds?: number;
  /** The current time in unix seconds (tests). */
  now?: number;
}

/** Standard Webhooks' default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  return Array.isArray(value) ? value.join(" ") : value;
}

function secretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  if (key.length === 0)
    throw new TypeError("The webhook secret is empty; pass the endpoint's whsec_… secret");
  return key;
}

/**
 * Verifies a webhook from sPay (Standard Webhooks) and returns its event. Checks that
 * `webhook-signature` holds a `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` made with one of
 * the secrets (several during a rotation), compared in constant time, and that
 * `webhook-timestamp` is within the tolerance. Pass the raw body exactly as received.
 *
 * @throws {WebhookVerificationError} with `reason` `missing_headers`, `timestamp_too_old`,
 *   `timestamp_too_new`, `invalid_signature` or `invalid_json`.
 * @example
 * app.post("/webhooks/spay", express.raw({ type: "application/json" }), (req, res) => {
 *   const event = verifyWebhook(req.body, req.headers, process.env.SPAY_WEBHOOK_SECRET!);
 *   if (event.type === "payment_intent.succeeded") fulfil(event.data.object);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhook<T = WebhookEvent>(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): T {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signature = header(headers, "webhook-signature");
  if (!id || !timestamp || !signature) throw new WebhookVerificationError("missing_headers");

  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (Number.isNaN(seconds)) throw new WebhookVerificationError("invalid_signature");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (now - seconds > tolerance) throw new WebhookVerificationError("timestamp_too_old");
  if (seconds - now > tolerance) throw new WebhookVerificationError("timestamp_too_new");

  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const given = signature
    .split(" ")
    .map((part) => part.split(","))
    .filter(([version, mac]) => version === "v1" && mac)
    .map(([, mac]) => Buffer.from(mac!, "base64"));
  const secrets = typeof secret === "string" ? [secret] : secret;
  const valid = secrets.some((s) => {
    const expected = createHmac("sha256", secretKey(s)).update(`${id}.${timestamp}.`).update(body).digest();
    // Every candidate is compared (no early exit on the first byte): constant time per signature.
    return given.filter((mac) => mac.length === expected.length && timingSafeEqual(mac, expected)).length > 0;
  });
  if (!valid) throw new WebhookVerificationError("invalid_signature");

  try {
    return JSON.parse(body.toString("utf8")) as T;
  } catch (err) {
    throw new WebhookVerificationError("invalid_json", { cause: err });
  }
}
