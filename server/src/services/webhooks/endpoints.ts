import type { z } from "@hono/zod-openapi";
import { type EventType, normalizeEnabledEvents } from "@spay/protocol";
import type { Db } from "../../db/database.ts";
import type { EnvironmentRow, WebhookEndpointRow } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import { checkWebhookUrl, privateTargetsAllowed, type UrlPolicy } from "../../domain/ssrf.ts";
import { newWebhookSecret } from "../../domain/webhook-signature.ts";
import type { Deps } from "../../http/context.ts";
import type { WebhookEndpointSchema } from "../../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { recordAudit } from "../audit-log.ts";
import { environmentOf } from "../environments.ts";
import { transaction } from "../write-transaction.ts";

/** The event a sandbox test carries; in a delivery log it marks the attempt as a test. */
export const SANDBOX_TEST_EVENT = "webhook.sandbox_test" satisfies EventType;

/** After a rotation the old secret keeps signing (beside the new one) for 24 hours. */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600;

/**
 * The API's `webhook_endpoint` object: `secret` only in the responses that create or rotate it;
 * until `previous_secret_expires_at` deliveries also carry a signature made with the previous secret.
 */
export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;

/** The newest entry of an endpoint's delivery log: whether its URL works, as last seen. */
export type LastAttempt = NonNullable<WebhookEndpointView["last_attempt"]>;

export function endpointView(
  row: WebhookEndpointRow,
  secret?: string,
  lastAttempt: LastAttempt | null = null,
): WebhookEndpointView {
  return {
    id: row.id,
    object: "webhook_endpoint",
    url: row.url,
    description: row.description,
    enabled_events: row.enabled_events,
    status: row.status,
    disabled_reason: row.disabled_reason,
    env: row.env,
    environment_id: row.environment_id,
    ...(secret ? { secret } : {}),
    previous_secret_expires_at: row.previous_secret_expires_at,
    failing_since: row.failing_since,
    last_attempt: lastAttempt,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Each endpoint's newest delivery attempt (sandbox tests included), by endpoint id. */
async function lastAttempts(db: Db, endpointIds: readonly string[]): Promise<Map<string, LastAttempt>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("webhook_attempts as a")
    .innerJoin("events as e", "e.id", "a.event_id")
    .distinctOn("a.endpoint_id")
    .select(["a.endpoint_id", "a.attempted_at", "a.status_code", "a.succeeded", "e.type"])
    .where("a.endpoint_id", "in", [...endpointIds])
    .orderBy("a.endpoint_id")
    .orderBy("a.seq", "desc")
    .execute();
  return new Map(
    rows.map((r) => [
      r.endpoint_id,
      {
        attempted_at: r.attempted_at,
        status_code: r.status_code,
        succeeded: r.succeeded,
        test: r.type === SANDBOX_TEST_EVENT,
      },
    ]),
  );
}

/** The view of one endpoint row with its newest attempt read. */
async function endpointViewWithLog(db: Db, row: WebhookEndpointRow, secret?: string) {
  return endpointView(row, secret, (await lastAttempts(db, [row.id])).get(row.id) ?? null);
}

/** Where an endpoint of `env` may send, in this deployment (SSRF; see domain/ssrf.ts). */
export function webhookUrlPolicy(deps: Deps, env: "test" | "live"): UrlPolicy {
  return {
    allowPrivate: privateTargetsAllowed(deps.config.deployment, env),
    resolve: deps.resolveHost,
  };
}

/**
 * http(s) always; the host must reach the public internet unless this deployment lets `env`
 * target private networks. One error, whatever the reason, so a refusal reveals nothing about
 * the gateway's network. Returns the addresses to pin the connection to (null: not pinned).
 */
export async function assertDeliverableUrl(
  deps: Deps,
  url: string,
  env: "test" | "live",
): Promise<string[] | null> {
  const check = await checkWebhookUrl(url, webhookUrlPolicy(deps, env));
  if (!check.ok) throw new ApiError("url_not_allowed", { param: "url" });
  return check.addresses;
}

function enabledEvents(events: readonly string[]): string[] {
  const normalized = normalizeEnabledEvents(events);
  if ("unknown" in normalized) {
    throw new ApiError("parameter_invalid", {
      message: `Unknown event type '${normalized.unknown}'`,
      param: "enabled_events",
    });
  }
  return normalized;
}

async function findEndpoint(deps: Deps, scope: WorkspaceScope, id: string): Promise<WebhookEndpointRow> {
  const row = await deps.db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "webhook_endpoints"))
    .executeTakeFirst();
  if (!row) throw notFound("webhook_endpoint", id);
  return row;
}

export async function createEndpoint(
  deps: Deps,
  scope: WorkspaceScope,
  input: EndpointInput,
  ip: string | null,
): Promise<WebhookEndpointView> {
  const environment = await environmentOf(deps.db, scope.workspaceId, scope.environmentId);
  await assertDeliverableUrl(deps, input.url, envOfEnvironment(environment));
  const secret = newWebhookSecret();
  const row = await transaction(deps, (trx) =>
    insertEndpoint(trx, deps, scope, environment, input, secret, ip),
  );
  return endpointView(row, secret);
}

/**
 * The endpoint of `scope`'s environment at `input.url`, registered now if there is none (its
 * secret returned once), else the existing one — enabled again if it was disabled, since the
 * merchant just named it as where events go. Concurrent calls for one environment take turns, so
 * the same URL is never registered twice by them.
 */
export async function registerEndpoint(
  deps: Deps,
  scope: WorkspaceScope,
  input: EndpointInput,
  ip: string | null,
): Promise<{ endpoint: WebhookEndpointView; created: boolean }> {
  const environment = await environmentOf(deps.db, scope.workspaceId, scope.environmentId);
  await assertDeliverableUrl(deps, input.url, envOfEnvironment(environment));
  const secret = newWebhookSecret();
  const { row, created } = await transaction(deps, async (trx) => {
    await trx.selectFrom("environments").select("id").where("id", "=", environment.id).forUpdate().execute();
    const existing = await trx
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("environment_id", "=", environment.id)
      .where("url", "=", input.url)
      .orderBy("seq")
      .limit(1)
      .executeTakeFirst();
    if (!existing)
      return { row: await insertEndpoint(trx, deps, scope, environment, input, secret, ip), created: true };
    if (existing.status === "enabled") return { row: existing, created: false };
    const enabled = await trx
      .updateTable("webhook_endpoints")
      .set({ status: "enabled", disabled_reason: null, failing_since: null, updated_at: nowSeconds() })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: enabled, created: false };
  });
  return {
    endpoint: created ? endpointView(row, secret) : await endpointViewWithLog(deps.db, row),
    created,
  };
}

export interface EndpointInput {
  url: string;
  enabled_events: readonly string[];
  description?: string | undefined;
}

function envOfEnvironment(environment: EnvironmentRow): "test" | "live" {
  return environment.type === "production" ? "live" : "test";
}

async function insertEndpoint(
  trx: Db,
  deps: Deps,
  scope: WorkspaceScope,
  environment: EnvironmentRow,
  input: EndpointInput,
  secret: string,
  ip: string | null,
): Promise<WebhookEndpointRow> {
  const now = nowSeconds();
  const created = await trx
    .insertInto("webhook_endpoints")
    .values({
      id: newId("webhookEndpoint"),
      workspace_id: scope.workspaceId,
      environment_id: environment.id,
      env: envOfEnvironment(environment),
      url: input.url,
      description: input.description ?? null,
      enabled_events: JSON.stringify(enabledEvents(input.enabled_events)),
      status: "enabled",
      disabled_reason: null,
      secret_sealed: deps.secrets.seal(secret),
      previous_secret_sealed: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    action: "webhook_endpoint.created",
    actor: scope.principal,
    ip,
    workspaceId: scope.workspaceId,
    object: { type: "webhook_endpoint", id: created.id },
    details: { url: created.url, env: created.env },
  });
  return created;
}

export async function listEndpoints(deps: Deps, scope: WorkspaceScope): Promise<WebhookEndpointView[]> {
  const query = deps.db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where(ownedBy(scope, "webhook_endpoints"));
  const rows = await query.orderBy("seq").execute();
  const last = await lastAttempts(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => endpointView(r, undefined, last.get(r.id) ?? null));
}

export async function getEndpoint(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
): Promise<WebhookEndpointView> {
  return endpointViewWithLog(deps.db, await findEndpoint(deps, scope, id));
}

export async function updateEndpoint(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  input: {
    url?: string | undefined;
    enabled_events?: string[] | undefined;
    description?: string | null | undefined;
    status?: "enabled" | "disabled" | undefined;
  },
): Promise<WebhookEndpointView> {
  const current = await findEndpoint(deps, scope, id);
  if (input.url !== undefined) await assertDeliverableUrl(deps, input.url, current.env);
  const reenabled = input.status === "enabled" && current.status === "disabled";
  const row = await deps.db
    .updateTable("webhook_endpoints")
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.enabled_events !== undefined
        ? { enabled_events: JSON.stringify(enabledEvents(input.enabled_events)) }
        : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status !== undefined
        ? { status: input.status, disabled_reason: input.status === "disabled" ? "disabled_by_user" : null }
        : {}),
      ...(reenabled ? { failing_since: null } : {}),
      updated_at: nowSeconds(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return endpointViewWithLog(deps.db, row);
}

export async function deleteEndpoint(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  ip: string | null,
): Promise<void> {
  const current = await findEndpoint(deps, scope, id);
  await transaction(deps, async (trx) => {
    await trx.deleteFrom("webhook_endpoints").where("id", "=", id).execute();
    await recordAudit(trx, {
      action: "webhook_endpoint.deleted",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "webhook_endpoint", id },
      details: { url: current.url, env: current.env },
    });
  });
}

/** A new secret, returned once; the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  ip: string | null,
): Promise<WebhookEndpointView> {
  const current = await findEndpoint(deps, scope, id);
  const secret = newWebhookSecret();
  const now = nowSeconds();
  const row = await transaction(deps, async (trx) => {
    const rotated = await trx
      .updateTable("webhook_endpoints")
      .set({
        secret_sealed: deps.secrets.seal(secret),
        previous_secret_sealed: current.secret_sealed,
        previous_secret_expires_at: now + ROTATION_OVERLAP_SECONDS,
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "webhook_endpoint.secret_rotated",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "webhook_endpoint", id },
    });
    return rotated;
  });
  return endpointViewWithLog(deps.db, row, secret);
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(deps: Deps, endpoint: WebhookEndpointRow, now = nowSeconds()): string[] {
  const secrets = [deps.secrets.open(endpoint.secret_sealed)];
  if (endpoint.previous_secret_sealed && (endpoint.previous_secret_expires_at ?? 0) > now) {
    secrets.push(deps.secrets.open(endpoint.previous_secret_sealed));
  }
  return secrets;
}
