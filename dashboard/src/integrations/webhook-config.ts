import { INTEGRATIONS } from "./messages.ts";

/** What the webhook rows read of an endpoint: where it sends, whether it is on, and its newest delivery. */
export interface EndpointHealth {
  url: string;
  status: string;
  last_attempt: { succeeded: boolean } | null;
}

export interface WebhookConfig {
  /** The URL events go to, or null when no enabled endpoint exists. */
  url: string | null;
  status: { text: string; tone: "success" | "warning" | "danger" };
}

/**
 * The configuration card's webhook rows, from the workspace's endpoints and their delivery logs
 * (never from a flag remembered on a device): the URL is the first enabled endpoint's, and the
 * status is what that endpoint's newest delivery — a sandbox test or a real event — showed.
 * "Tested & Working" therefore always stands beside an endpoint that receives the events.
 */
export function webhookConfig(endpoints: readonly EndpointHealth[] | null): WebhookConfig {
  const endpoint = endpoints?.find((e) => e.status === "enabled");
  if (!endpoint) return { url: null, status: { text: INTEGRATIONS.noEndpoint, tone: "warning" } };
  const last = endpoint.last_attempt;
  if (!last) return { url: endpoint.url, status: { text: INTEGRATIONS.notTested, tone: "warning" } };
  if (last.succeeded) return { url: endpoint.url, status: { text: INTEGRATIONS.tested, tone: "success" } };
  return { url: endpoint.url, status: { text: INTEGRATIONS.lastFailed, tone: "danger" } };
}

/** Webhook Management's badge: "Active" only while an enabled endpoint's newest delivery succeeded. */
export function webhooksActive(endpoints: readonly EndpointHealth[] | null): boolean {
  return (endpoints ?? []).some((e) => e.status === "enabled" && e.last_attempt?.succeeded === true);
}
