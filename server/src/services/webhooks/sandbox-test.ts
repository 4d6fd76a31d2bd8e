import type { z } from "@hono/zod-openapi";
import { nowSeconds } from "../../domain/ids.ts";
import { newWebhookSecret } from "../../domain/webhook-signature.ts";
import type { Deps } from "../../http/context.ts";
import type { WebhookSandboxTestResultSchema } from "../../http/schemas.ts";
import type { WorkspaceScope } from "../access.ts";
import { environmentOf } from "../environments.ts";
import { recordEvent } from "../events.ts";
import { transaction } from "../write-transaction.ts";
import { assertDeliverableUrl, signingSecrets } from "./endpoints.ts";
import { sendWebhook } from "./send.ts";

/** SPEC.md §9: the sandbox webhook test waits 10 s. */
export const SANDBOX_TEST_TIMEOUT_MS = 10_000;

/** SPEC.md §8's texts for the outcomes of a webhook test. */
export const WEBHOOK_TEST_MESSAGES = {
  timeout: "Request timeout - endpoint did not respond within 10 seconds",
  network: "Network error - could not connect to webhook endpoint. Check the URL and ensure CORS is enabled.",
  status: (status: number, text: string) => `Webhook endpoint returned ${status}: ${text}`,
} as const;

/** `signed_with`: the endpoint's own secret when one is registered for the URL, else a one-time one. */
export type SandboxTestResult = z.infer<typeof WebhookSandboxTestResultSchema>;

/**
 * Sends `webhook.sandbox_test` from the server (the browser never POSTs cross-origin), signed, with
 * a 10 s timeout; on success the workspace's "webhook tested" onboarding flag is set.
 */
export async function sendSandboxTest(
  deps: Deps,
  scope: WorkspaceScope,
  url: string,
): Promise<SandboxTestResult> {
  const environment = await environmentOf(deps.db, scope.workspaceId, scope.environmentId);
  const env = environment.type === "production" ? "live" : "test";
  // Refused before any connection, with one answer for every reason (SSRF); otherwise pinned.
  const addresses = await assertDeliverableUrl(deps, url, env);
  const endpoint = await deps.db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("workspace_id", "=", scope.workspaceId)
    .where("url", "=", url)
    .executeTakeFirst();
  const oneTime = endpoint ? null : newWebhookSecret();
  const data = {
    test: true,
    workspace_id: scope.workspaceId,
    message: "This is a sandbox test webhook from sPay. If you can read this, your endpoint works.",
    payload_size: 0,
  };
  const body = { event: "webhook.sandbox_test", timestamp: new Date().toISOString(), data };
  data.payload_size = Buffer.byteLength(JSON.stringify(body));
  const eventId = await transaction(deps, (trx) =>
    recordEvent(trx, {
      workspaceId: scope.workspaceId,
      env,
      type: "webhook.sandbox_test",
      object: body,
      fannedOut: true,
    }),
  );
  const result = await sendWebhook({
    url,
    id: eventId,
    body: JSON.stringify({
      id: eventId,
      type: "webhook.sandbox_test",
      created_at: nowSeconds(),
      env,
      ...body,
    }),
    secrets: endpoint ? signingSecrets(deps, endpoint) : [oneTime as string],
    timeoutMs: SANDBOX_TEST_TIMEOUT_MS,
    addresses,
    resolve: deps.resolveHost,
  });
  let error: string | null = null;
  if (!result.ok) {
    if (result.error === "timeout") error = WEBHOOK_TEST_MESSAGES.timeout;
    else if (result.status === null) error = WEBHOOK_TEST_MESSAGES.network;
    else error = WEBHOOK_TEST_MESSAGES.status(result.status, (result.excerpt ?? "").slice(0, 200));
  } else {
    await deps.db
      .updateTable("workspaces")
      .set({ webhook_tested: true })
      .where("id", "=", scope.workspaceId)
      .execute();
  }
  return {
    ok: result.ok,
    url,
    status: result.status,
    latency_ms: result.latencyMs,
    body_excerpt: result.excerpt,
    error,
    event_id: eventId,
    signed_with: endpoint ? "endpoint_secret" : "one_time_secret",
    ...(oneTime ? { one_time_secret: oneTime } : {}),
  };
}
