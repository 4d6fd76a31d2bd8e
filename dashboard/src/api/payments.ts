import type { PaymentIntent } from "@spay/sdk";
import { apiRequest } from "./http.ts";
import type {
  EventWithDeliveries,
  FulfillmentStatus,
  Page,
  PaymentCounts,
  PaymentEvent,
  PaymentFilter,
  WorkspaceAuth,
} from "./types.ts";

const opts = (auth: WorkspaceAuth) => ({ token: auth.token, workspaceId: auth.workspaceId });
const intentPath = (id: string) => `/v1/payment_intents/${encodeURIComponent(id)}`;

/** One page of the Payments list, newest first (`startingAfter`: the last id already shown). */
export function listPayments(
  auth: WorkspaceAuth,
  filter: PaymentFilter,
  options: { limit?: number; startingAfter?: string } = {},
): Promise<Page<PaymentIntent>> {
  const query = new URLSearchParams({ filter, limit: String(options.limit ?? 50) });
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`/v1/payments?${query}`, opts(auth));
}

export function paymentCounts(auth: WorkspaceAuth): Promise<PaymentCounts> {
  return apiRequest("/v1/payments/counts", opts(auth));
}

export function getPayment(auth: WorkspaceAuth, id: string): Promise<PaymentIntent> {
  return apiRequest(intentPath(id), opts(auth));
}

export async function paymentTimeline(auth: WorkspaceAuth, id: string): Promise<PaymentEvent[]> {
  return (await apiRequest<Page<PaymentEvent>>(`${intentPath(id)}/events`, opts(auth))).data;
}

export async function paymentDeliveries(auth: WorkspaceAuth, id: string): Promise<EventWithDeliveries[]> {
  return (await apiRequest<Page<EventWithDeliveries>>(`${intentPath(id)}/webhook_deliveries`, opts(auth)))
    .data;
}

export function setFulfillment(
  auth: WorkspaceAuth,
  id: string,
  status: FulfillmentStatus,
): Promise<PaymentIntent> {
  return apiRequest(`${intentPath(id)}/fulfillment`, {
    ...opts(auth),
    method: "POST",
    body: { fulfillment_status: status },
  });
}

/** Sends a webhook event again now (to one endpoint, or every subscribed one). */
export function redeliverEvent(auth: WorkspaceAuth, eventId: string, endpointId?: string): Promise<unknown> {
  return apiRequest(`/v1/events/${encodeURIComponent(eventId)}/redeliver`, {
    ...opts(auth),
    method: "POST",
    body: endpointId ? { endpoint_id: endpointId } : {},
  });
}
