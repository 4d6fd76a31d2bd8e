import { INTENT_EVENT_TYPES } from "@spay/protocol";

/** The event types an endpoint can subscribe to (the server's subscription vocabulary). */
export const WEBHOOK_EVENT_TYPES = INTENT_EVENT_TYPES;
