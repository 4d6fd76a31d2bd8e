import { apiRequest } from "./http.ts";
import type { WebhookTestResult } from "./types.ts";

/** The server sends the signed `webhook.sandbox_test` (10 s timeout) and reports what the endpoint answered. */
export function sendSandboxWebhook(
  token: string,
  workspaceId: string,
  url: string,
  demoMode: boolean,
): Promise<WebhookTestResult> {
  return apiRequest("/v1/webhook/sandbox", {
    method: "POST",
    token,
    workspaceId,
    body: { url, demo_mode: demoMode },
  });
}
