/** The event types live in @spay/protocol; this module stays only for files that still import it here. */
export {
  ALL_EVENTS,
  EVENT_TYPE_ALIASES,
  EVENT_TYPES,
  type EventType,
  INTENT_EVENT,
  type IntentEventType,
  normalizeEnabledEvents,
  subscribes,
} from "@spay/protocol";
