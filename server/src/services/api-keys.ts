import type { z } from "@hono/zod-openapi";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { ApiKeyRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { type ApiKeyType, hashToken, type KeyEnv, keyPrefix, newApiKey } from "../domain/secrets.ts";
import type { Deps } from "../http/context.ts";
import type { ApiKeySchema } from "../http/schemas.ts";
import { type AuditEntryInput, recordAudit } from "./audit-log.ts";
import { defaultEnvironment } from "./environments.ts";
import { queueSecurityAlert } from "./mail/security-alerts.ts";
import { transaction } from "./write-transaction.ts";

/** SPEC.md §6: publishable keys read, secret keys read and write. */
export const DEFAULT_SCOPES: Record<ApiKeyType, string[]> = {
  publishable: ["read"],
  secret: ["read", "write"],
};
export const KEY_SCOPES = ["read", "write"] as const;
export const DEFAULT_KEY_NAMES: Record<ApiKeyType, string> = {
  publishable: "Publishable Key",
  secret: "Secret Key",
};

/**
 * The API's `api_key` object. `key` is the full key: always for publishable keys, and for a secret
 * key only in the response that creates it. `key_id` is the public key string for publishable keys
 * (SPEC.md §3), the prefix for secret keys.
 */
export type ApiKeyView = z.infer<typeof ApiKeySchema>;

export function apiKeyView(row: ApiKeyRow, plaintext?: string): ApiKeyView {
  const key = plaintext ?? row.publishable_key ?? undefined;
  return {
    id: row.id,
    object: "api_key",
    workspace_id: row.workspace_id,
    environment_id: row.environment_id,
    type: row.type === "secret" ? "sk" : "pk",
    key_type: row.type,
    name: row.name,
    env: row.env,
    ...(key ? { key } : {}),
    key_prefix: row.key_prefix,
    key_id: row.publishable_key ?? row.key_prefix,
    state: row.state,
    // A rolled key past its overlap is refused: not active, whatever its stored state.
    is_active: row.state === "enabled" && !keyExpired(row.expires_at),
    scopes: row.scopes,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
  };
}

/** `api_keys` rows not past their expiry now (a rolled key past its overlap is refused): for `.where(…)`. */
export function notExpired(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(api_keys.expires_at is null or api_keys.expires_at > ${nowSeconds()})`;
}

/** Whether a key is refused for its expiry at `now` (seconds): a rolled key past its overlap. */
export function keyExpired(expiresAt: number | null, now = nowSeconds()): boolean {
  return expiresAt !== null && expiresAt <= now;
}

export async function createApiKey(
  db: Db,
  workspaceId: string,
  input: { type: ApiKeyType; name?: string | undefined; env: KeyEnv; scopes?: string[] | undefined },
): Promise<ApiKeyView> {
  const environment = await defaultEnvironment(
    db,
    workspaceId,
    input.env === "live" ? "production" : "sandbox",
  );
  return insertKey(db, {
    workspaceId,
    environmentId: environment.id,
    type: input.type,
    env: input.env,
    name: input.name?.trim() || DEFAULT_KEY_NAMES[input.type],
    scopes: input.scopes ?? DEFAULT_SCOPES[input.type],
  });
}

/** A fresh enabled key with these facts; the answer carries its full value (the only time). */
async function insertKey(
  db: Db,
  input: {
    workspaceId: string;
    environmentId: string;
    type: ApiKeyType;
    env: KeyEnv;
    name: string;
    scopes: string[];
  },
): Promise<ApiKeyView> {
  const key = newApiKey(input.type, input.env);
  const row = await db
    .insertInto("api_keys")
    .values({
      id: newId("apiKey"),
      workspace_id: input.workspaceId,
      environment_id: input.environmentId,
      type: input.type,
      env: input.env,
      name: input.name,
      key_prefix: keyPrefix(key),
      key_hash: hashToken(key),
      publishable_key: input.type === "publishable" ? key : null,
      scopes: JSON.stringify(input.scopes),
      state: "enabled",
      created_at: nowSeconds(),
      last_used_at: null,
      revoked_at: null,
      expires_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return apiKeyView(row, key);
}

/** Who asked for a key change and from where, for the audit log. */
export type KeyChangeOrigin = Pick<AuditEntryInput, "actor" | "ip">;

/** A member creates a key: the key and its audit entry commit together. */
export async function issueApiKey(
  deps: Deps,
  workspaceId: string,
  input: Parameters<typeof createApiKey>[2],
  origin: KeyChangeOrigin,
): Promise<ApiKeyView> {
  return transaction(deps, async (trx) => {
    const key = await createApiKey(trx, workspaceId, input);
    await recordAudit(trx, {
      action: "api_key.created",
      ...origin,
      workspaceId,
      object: { type: "api_key", id: key.id },
      details: { type: key.type, env: key.env, name: key.name, key_prefix: key.key_prefix },
    });
    return key;
  });
}

export async function listApiKeys(deps: Deps, workspaceId: string): Promise<ApiKeyView[]> {
  const rows = await deps.db
    .selectFrom("api_keys")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("seq")
    .execute();
  return rows.map((r) => apiKeyView(r));
}

export function keyNotFound(id: string) {
  return notFound("api_key", id);
}

export async function getApiKeyRow(deps: Deps, id: string): Promise<ApiKeyRow> {
  const row = await deps.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw keyNotFound(id);
  return row;
}

export async function updateApiKey(
  deps: Deps,
  id: string,
  input: {
    name?: string | undefined;
    state?: "enabled" | "disabled" | undefined;
    scopes?: string[] | undefined;
  },
): Promise<ApiKeyView> {
  const current = await getApiKeyRow(deps, id);
  // A revoked key stays revoked: revocation cannot be undone (SPEC.md §5). Asking for any state on
  // it is refused out loud, so a caller who believes they re-enabled a key is not misled by a 200.
  if (current.state === "revoked" && input.state !== undefined)
    throw new ApiError("api_key_revoked_final", { param: "state" });
  const state = current.state === "revoked" ? "revoked" : (input.state ?? current.state);
  const mark = deps.keys?.mark() ?? 0;
  const row = await deps.db
    .updateTable("api_keys")
    .set({
      state,
      ...(input.name !== undefined ? { name: input.name.trim() || current.name } : {}),
      ...(input.scopes !== undefined ? { scopes: JSON.stringify(input.scopes) } : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Every API process forgets the key (migration 012's notification) before the caller hears back.
  await deps.keys?.settled(id, mark);
  return apiKeyView(row);
}

export async function revokeApiKey(deps: Deps, id: string, origin: KeyChangeOrigin): Promise<ApiKeyView> {
  const current = await getApiKeyRow(deps, id);
  // Revoking again changes nothing: the first revocation time is the one the audit trail keeps.
  if (current.state === "revoked") return apiKeyView(current);
  const mark = deps.keys?.mark() ?? 0;
  const revoked = await transaction(deps, async (trx) => {
    const row = await trx
      .updateTable("api_keys")
      .set({ state: "revoked", revoked_at: nowSeconds() })
      .where("id", "=", id)
      .where("state", "!=", "revoked")
      .returningAll()
      .executeTakeFirst();
    // A concurrent revocation won the race and wrote the entry; answer with the revoked key.
    if (!row) return apiKeyView(await getApiKeyRow({ ...deps, db: trx }, id));
    await recordAudit(trx, {
      action: "api_key.revoked",
      ...origin,
      workspaceId: row.workspace_id,
      object: { type: "api_key", id: row.id },
      details: { type: apiKeyView(row).type, env: row.env, name: row.name, key_prefix: row.key_prefix },
    });
    return apiKeyView(row);
  });
  // Committed: every API process forgets the key (migration 012's notification) before we answer.
  await deps.keys?.settled(id, mark);
  return revoked;
}

/**
 * How long a rolled key keeps working beside its replacement, seconds (as Stripe's roll offers):
 * now, an hour, a day, three days, a week.
 */
export const ROLL_OVERLAPS_SECONDS = [0, 3600, 86_400, 259_200, 604_800] as const;
export type RollOverlap = (typeof ROLL_OVERLAPS_SECONDS)[number];

/** A revoked key, or one rolled already (it has an expiry), cannot be rolled. */
function assertRollable(row: ApiKeyRow): void {
  if (row.state === "revoked") throw new ApiError("api_key_revoked_not_rollable");
  if (row.expires_at !== null) throw new ApiError("api_key_already_rolled");
}

/**
 * A rolled key is a changed credential of the whole business: its organization's owners hear of it
 * by mail, whoever rolled it.
 */
async function alertOwners(deps: Deps, trx: Db, workspaceId: string, keyPrefix: string): Promise<void> {
  const owners = await trx
    .selectFrom("workspaces as w")
    .innerJoin("organization_members as m", "m.organization_id", "w.organization_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.email", "w.name"])
    .where("w.id", "=", workspaceId)
    .where("m.role", "=", "owner")
    .execute();
  for (const owner of owners) {
    if (!owner.email) continue;
    await queueSecurityAlert(trx, deps.secrets, {
      userId: owner.id,
      email: owner.email,
      alert: { kind: "api_key_rolled", key: `${keyPrefix}…`, workspace: owner.name },
    });
  }
}

/**
 * Rolls a key: a new key of the same type, environment, name and scopes replaces it (its full value
 * in this answer only), and the old key expires after `expiresInSeconds` — at once (revoked) for 0.
 * One transaction with the audit entry; a concurrent roll of the same key finds it rolled and fails.
 */
export async function rollApiKey(
  deps: Deps,
  id: string,
  expiresInSeconds: RollOverlap,
  origin: KeyChangeOrigin,
): Promise<ApiKeyView> {
  assertRollable(await getApiKeyRow(deps, id));
  const mark = deps.keys?.mark() ?? 0;
  const rolled = await transaction(deps, async (trx) => {
    const now = nowSeconds();
    const old = await trx
      .updateTable("api_keys")
      .set(
        expiresInSeconds === 0
          ? { state: "revoked", revoked_at: now }
          : { expires_at: now + expiresInSeconds },
      )
      .where("id", "=", id)
      .where("state", "!=", "revoked")
      .where("expires_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!old) {
      // A concurrent roll or revocation won the race: answer as if it had come first.
      assertRollable(await getApiKeyRow({ ...deps, db: trx }, id));
      throw new ApiError("api_key_already_rolled");
    }
    const replacement = await insertKey(trx, {
      workspaceId: old.workspace_id,
      environmentId: old.environment_id,
      type: old.type,
      env: old.env,
      name: old.name,
      scopes: old.scopes,
    });
    await alertOwners(deps, trx, old.workspace_id, old.key_prefix);
    await recordAudit(trx, {
      action: "api_key.rolled",
      ...origin,
      workspaceId: old.workspace_id,
      object: { type: "api_key", id: old.id },
      details: {
        old_key_id: old.id,
        new_key_id: replacement.id,
        type: replacement.type,
        env: old.env,
        name: old.name,
        old_key_prefix: old.key_prefix,
        new_key_prefix: replacement.key_prefix,
        expires_at: old.state === "revoked" ? old.revoked_at : old.expires_at,
      },
    });
    return replacement;
  });
  // Committed: every API process forgets the old key (migration 013's notification) before we answer.
  await deps.keys?.settled(id, mark);
  return rolled;
}
