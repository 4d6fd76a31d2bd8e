import { fulfillmentLabel, statusLabel } from "@spay/protocol";
import type { PaymentEvent } from "../api/types.ts";

/** One timeline line: a status change ('Awaiting Payment → Paid'), or a fulfillment step. */
export function timelineText(event: PaymentEvent): string {
  const fulfillment = event.reason?.match(/^fulfillment_(\w+)$/)?.[1];
  if (fulfillment) return `Fulfillment: ${fulfillmentLabel(fulfillment)}`;
  const to = statusLabel(event.to_status);
  const text = event.from_status ? `${statusLabel(event.from_status)} → ${to}` : to;
  return event.reason && event.reason !== "created" ? `${text} (${event.reason})` : text;
}
