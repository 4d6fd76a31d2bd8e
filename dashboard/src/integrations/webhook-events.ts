/** The event types an endpoint can subscribe to (the server's subscription vocabulary). */
export const WEBHOOK_EVENT_TYPES = [
  "payment_intent.created",
  "payment_intent.processing",
  "payment_intent.succeeded",
  "payment_intent.partially_paid",
  "payment_intent.paid_late",
  "payment_intent.failed",
  "payment_intent.expired",
  "payment_intent.canceled",
] as const;
