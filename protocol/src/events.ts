/** Every event type sPay emits — the webhook subscription vocabulary (one source of truth). */
export const EVENT_TYPES = [
  "payment_intent.created",
  "payment_intent.processing",
  "payment_intent.succeeded",
  "payment_intent.partially_paid",
  "payment_intent.paid_late",
  "payment_intent.failed",
  "payment_intent.expired",
  "payment_intent.canceled",
  "refund.created",
  "refund.succeeded",
  "refund.failed",
  "webhook.sandbox_test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The payment intent events by what happened, for the code that emits them. */
export const INTENT_EVENT = {
  created: "payment_intent.created",
  processing: "payment_intent.processing",
  succeeded: "payment_intent.succeeded",
  partiallyPaid: "payment_intent.partially_paid",
  paidLate: "payment_intent.paid_late",
  failed: "payment_intent.failed",
  expired: "payment_intent.expired",
  canceled: "payment_intent.canceled",
} as const satisfies Record<string, EventType>;
export type IntentEventType = (typeof INTENT_EVENT)[keyof typeof INTENT_EVENT];

/** The refund events by what happened (a refund moves pending → succeeded | failed). */
export const REFUND_EVENT = {
  created: "refund.created",
  succeeded: "refund.succeeded",
  failed: "refund.failed",
} as const satisfies Record<string, EventType>;
export type RefundEventType = (typeof REFUND_EVENT)[keyof typeof REFUND_EVENT];

/** The payment intent events, in the order of EVENT_TYPES: what a merchant's endpoint subscribes to. */
export const INTENT_EVENT_TYPES: readonly IntentEventType[] = EVENT_TYPES.filter(
  (type): type is IntentEventType => type.startsWith("payment_intent."),
);

/** Names accepted when subscribing: the docs' `payment.succeeded` means `payment_intent.succeeded`. */
export const EVENT_TYPE_ALIASES: Record<string, EventType> = {
  "payment.succeeded": "payment_intent.succeeded",
};

export const ALL_EVENTS = "*";

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** Normalizes a subscription list: aliases resolved, duplicates dropped; `*` stands alone. */
export function normalizeEnabledEvents(events: readonly string[]): string[] | { unknown: string } {
  if (events.includes(ALL_EVENTS)) return [ALL_EVENTS];
  const out = new Set<string>();
  for (const raw of events) {
    const type = EVENT_TYPE_ALIASES[raw] ?? raw;
    if (!isEventType(type)) return { unknown: raw };
    out.add(type);
  }
  return [...out];
}

export function subscribes(enabledEvents: readonly string[], type: string): boolean {
  return enabledEvents.includes(ALL_EVENTS) || enabledEvents.includes(type);
}
