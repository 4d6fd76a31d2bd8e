import type { ApiUnmatchedTransfer } from "@spay/protocol";
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
  options: { limit?: number; startingAfter?: string | undefined; signal?: AbortSignal } = {},
): Promise<Page<PaymentIntent>> {
  const query = new URLSearchParams({ filter, limit: String(options.limit ?? 50) });
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`/v1/payments?${query}`, { ...opts(auth), signal: options.signal });
}

export function paymentCounts(auth: WorkspaceAuth, signal?: AbortSignal): Promise<PaymentCounts> {
  return apiRequest("/v1/payments/counts", { ...opts(auth), signal });
}

/**
 * Creates an intent as the signed-in merchant (session): a publishable key may only sell a product
 * or payment link at its catalogue price, so an amount of the dashboard's own — the $1
 * onboarding test payment — is created here and then paid by the SDK checkout.
 */
export function createPayment(
  auth: WorkspaceAuth,
  params: { amount_minor: number; currency?: string; metadata?: Record<string, string> },
): Promise<PaymentIntent> {
  return apiRequest("/v1/payment_intents", { ...opts(auth), method: "POST", body: params });
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

/** A transfer into the payout address whose memo named no payment: it settled nothing. */
/** A transfer to a payout address whose memo names no intent (the API's object, generated). */
export type UnmatchedTransfer = ApiUnmatchedTransfer;

const unmatchedPath = "/v1/unmatched_transfers";

export function listUnmatchedTransfers(
  auth: WorkspaceAuth,
  options: { limit?: number; startingAfter?: string } = {},
): Promise<Page<UnmatchedTransfer>> {
  const query = new URLSearchParams({ limit: String(options.limit ?? 50) });
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`${unmatchedPath}?${query}`, opts(auth));
}

/** Counts an unmatched transfer for a payment by hand (recorded in the audit log). */
export function assignUnmatchedTransfer(
  auth: WorkspaceAuth,
  txid: string,
  paymentIntentId: string,
): Promise<UnmatchedTransfer> {
  return apiRequest(`${unmatchedPath}/${encodeURIComponent(txid)}/assign`, {
    ...opts(auth),
    method: "POST",
    body: { payment_intent: paymentIntentId },
  });
}
