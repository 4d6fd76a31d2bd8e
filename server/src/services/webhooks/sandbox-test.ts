import type { z } from "@hono/zod-openapi";
import type { WebhookEndpointRow } from "../../db/schema.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import { newWebhookSecret } from "../../domain/webhook-signature.ts";
import type { Deps } from "../../http/context.ts";
import type { WebhookSandboxTestResultSchema } from "../../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { environmentOf } from "../environments.ts";
import { recordEvent } from "../events.ts";
import { transaction } from "../write-transaction.ts";
import { assertDeliverableUrl, SANDBOX_TEST_EVENT, signingSecrets } from "./endpoints.ts";
import { type SendResult, sendWebhook } from "./send.ts";

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
 * a 10 s timeout. When the URL is an endpoint of the caller's workspace and environment, the test
 * is signed with its secret and joins its delivery log like any delivery, and a success sets the
 * workspace's "webhook tested" onboarding flag: a URL nobody registered receives no payment
 * events, so answering a test does not make it the workspace's webhook.
 */
export async function sendSandboxTest(
  deps: Deps,
  scope: WorkspaceScope,
  url: string,
): Promise<SandboxTestResult> {
  const endpoint = await deps.db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where(ownedBy(scope, "webhook_endpoints"))
    .where("url", "=", url)
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  const env =
    endpoint?.env ??
    ((await environmentOf(deps.db, scope.workspaceId, scope.environmentId)).type === "production"
      ? "live"
      : "test");
  // Refused before any connection, with one answer for every reason (SSRF); otherwise pinned.
  const addresses = await assertDeliverableUrl(deps, url, env);
  const oneTime = endpoint ? null : newWebhookSecret();
  const data = {
    test: true,
    workspace_id: scope.workspaceId,
    message: "This is a sandbox test webhook from sPay. If you can read this, your endpoint works.",
    payload_size: 0,
  };
  const body = { event: SANDBOX_TEST_EVENT, timestamp: new Date().toISOString(), data };
  data.payload_size = Buffer.byteLength(JSON.stringify(body));
  const eventId = await transaction(deps, (trx) =>
    recordEvent(trx, {
      workspaceId: scope.workspaceId,
      env,
      type: SANDBOX_TEST_EVENT,
      object: body,
      fannedOut: true,
    }),
  );
  const result = await sendWebhook({
    url,
    id: eventId,
    body: JSON.stringify({
      id: eventId,
      type: SANDBOX_TEST_EVENT,
      created_at: nowSeconds(),
      env,
      ...body,
    }),
    secrets: endpoint ? signingSecrets(deps, endpoint) : [oneTime as string],
    timeoutMs: SANDBOX_TEST_TIMEOUT_MS,
    addresses,
    resolve: deps.resolveHost,
  });
  if (endpoint) await recordTestDelivery(deps, endpoint, eventId, result);
  let error: string | null = null;
  if (!result.ok) {
    if (result.error === "timeout") error = WEBHOOK_TEST_MESSAGES.timeout;
    else if (result.status === null) error = WEBHOOK_TEST_MESSAGES.network;
    else error = WEBHOOK_TEST_MESSAGES.status(result.status, (result.excerpt ?? "").slice(0, 200));
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

/**
 * The test joins the endpoint's delivery log as a finished manual delivery with its one attempt
 * (never retried: the merchant is waiting on the answer), and a success marks the workspace's
 * webhook tested. The endpoint's health (`failing_since`) is left to real deliveries.
 */
async function recordTestDelivery(
  deps: Deps,
  endpoint: WebhookEndpointRow,
  eventId: string,
  result: SendResult,
): Promise<void> {
  const now = nowSeconds();
  const deliveryId = newId("webhookDelivery");
  await transaction(deps, async (trx) => {
    // Deleted while the test was in flight: nothing left to log it under.
    const still = await trx
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("id", "=", endpoint.id)
      .forUpdate()
      .executeTakeFirst();
    if (!still) return;
    await trx
      .insertInto("webhook_deliveries")
      .values({
        id: deliveryId,
        event_id: eventId,
        endpoint_id: endpoint.id,
        manual: true,
        state: result.ok ? "succeeded" : "failed",
        attempt_count: 1,
        next_attempt_at: now,
        locked_until: null,
        last_status: result.status,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: newId("webhookAttempt"),
        delivery_id: deliveryId,
        event_id: eventId,
        endpoint_id: endpoint.id,
        attempt: 1,
        attempted_at: now,
        status_code: result.status,
        latency_ms: result.latencyMs,
        response_excerpt: result.excerpt,
        error: result.error,
        succeeded: result.ok,
      })
      .execute();
    if (result.ok)
      await trx
        .updateTable("workspaces")
        .set({ webhook_tested: true })
        .where("id", "=", endpoint.workspace_id)
        .execute();
  });
}
