import { INTEGRATIONS } from "./messages.ts";

export interface WebhookConfig {
  /** The URL events go to, or null when none is known. */
  url: string | null;
  status: { text: string; tone: "success" | "warning" };
}

/**
 * The configuration card's webhook rows, consistent with each other: the URL is the workspace's
 * first enabled endpoint (server), else the URL tested in onboarding on this device; "Tested &
 * Working" is claimed only beside a URL. A passed sandbox test with no URL on record says so
 * instead of "Not set" next to "Tested & Working".
 */
export function webhookConfig(input: {
  tested: boolean;
  testedUrl: string;
  endpoints: readonly { url: string; status: string }[] | null;
}): WebhookConfig {
  const enabled = input.endpoints?.find((e) => e.status === "enabled");
  const url = enabled?.url || input.testedUrl.trim() || null;
  if (!input.tested) return { url, status: { text: INTEGRATIONS.notTested, tone: "warning" } };
  if (url) return { url, status: { text: INTEGRATIONS.tested, tone: "success" } };
  return { url, status: { text: INTEGRATIONS.testedNoEndpoint, tone: "warning" } };
}
