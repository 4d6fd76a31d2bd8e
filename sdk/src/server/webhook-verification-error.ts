/** Why a webhook failed verification. */
export type WebhookVerificationReason =
  | "missing_headers"
  | "timestamp_too_old"
  | "timestamp_too_new"
  | "invalid_signature"
  | "invalid_json";

const TEXTS: Record<WebhookVerificationReason, string> = {
  missing_headers: "Missing webhook-id, webhook-timestamp or webhook-signature header",
  timestamp_too_old: "Webhook timestamp is too old",
  timestamp_too_new: "Webhook timestamp is too far in the future",
  invalid_signature: "No matching webhook signature found",
  invalid_json: "Webhook payload is not valid JSON",
};

/** Thrown by `verifyWebhook`: answer the request with 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, options?: { cause?: unknown }) {
    super(TEXTS[reason], options);
    this.reason = reason;
  }
}
