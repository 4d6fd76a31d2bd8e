/**
 * A stored idempotent answer may show a secret once more, but only while that secret is in force:
 * a revoked or rolled API key, or a rotated webhook signing secret, is never handed out again by
 * replaying the request that created it.
 */

import { nowSeconds } from "../domain/ids.ts";
import { API_KEY_PATTERN, hashToken } from "../domain/secrets.ts";
import type { Deps } from "./context.ts";

/**
 * Whole API keys in an answer (`sk_test_` and 32 characters): a key's 12-character `key_prefix`
 * is no secret and is not a key.
 */
const API_KEY = new RegExp(`\\b${API_KEY_PATTERN.source.slice(1, -1)}(?![0-9A-Za-z])`, "g");

/** Whether an API key (by its full text) can still authenticate: enabled and not past its roll. */
async function apiKeyInForce(deps: Deps, key: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom("api_keys")
    .select(["state", "expires_at"])
    .where("key_hash", "=", hashToken(key))
    .executeTakeFirst();
  return row?.state === "enabled" && (row.expires_at === null || row.expires_at > nowSeconds());
}

/** The `{id, secret: "whsec_…"}` objects of an answer: webhook endpoints with their signing secret. */
function webhookSecretsOf(value: unknown, found: { id: string; secret: string }[] = []) {
  if (Array.isArray(value)) for (const item of value) webhookSecretsOf(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (
      typeof record.id === "string" &&
      typeof record.secret === "string" &&
      record.secret.startsWith("whsec_")
    )
      found.push({ id: record.id, secret: record.secret });
    for (const child of Object.values(record)) webhookSecretsOf(child, found);
  }
  return found;
}

/** Whether the endpoint still exists and signs with this secret. */
async function webhookSecretInForce(deps: Deps, id: string, secret: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom("webhook_endpoints")
    .select(["secret_sealed"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined && deps.secrets.open(row.secret_sealed) === secret;
}

/** Whether every API key and webhook signing secret `body` shows is still in force. */
export async function secretsStillInForce(deps: Deps, body: string): Promise<boolean> {
  for (const key of new Set(body.match(API_KEY) ?? [])) if (!(await apiKeyInForce(deps, key))) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return true;
  }
  for (const { id, secret } of webhookSecretsOf(parsed))
    if (!(await webhookSecretInForce(deps, id, secret))) return false;
  return true;
}
