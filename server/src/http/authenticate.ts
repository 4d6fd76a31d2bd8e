import type { MiddlewareHandler } from "hono";
import { ApiError } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import { hashToken } from "../domain/secrets.ts";
import { keyExpired } from "../services/api-keys.ts";
import { LAST_SEEN_RESOLUTION_SECONDS } from "../services/sessions.ts";
import type { AppEnv, Deps, Principal } from "./context.ts";
import type { RateLimiter } from "./rate-limit.ts";

const LAST_USED_RESOLUTION_SECONDS = 60;

/**
 * Resolves the bearer credential into a principal on every request. Sessions are read every time;
 * API keys come from the process's key cache when it holds them, which the database keeps current
 * through LISTEN/NOTIFY (services/key-cache.ts), so a revoked or logged-out credential fails on its
 * very next request, in every API process. Anonymous requests pass with no principal; routes decide
 * what they need.
 */
export function authenticate(deps: Deps, keyLimiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("principal", undefined);
    const header = c.req.header("authorization");
    if (!header) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1])
      throw new ApiError("invalid_api_key", {
        message: "Use 'Authorization: Bearer <key or session token>'",
      });
    const token = match[1];
    const principal = token.startsWith("sess_")
      ? await sessionPrincipal(deps, token)
      : await keyPrincipal(deps, token);
    await keyLimiter.take(
      principal.kind === "session" ? `session:${principal.sessionId}` : `key:${principal.keyId}`,
    );
    assertScope(principal, c.req.method);
    c.set("principal", principal);
    return next();
  };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Scopes narrow secret keys: `read` allows GET only, `write` allows changes. A publishable key's
 * powers are fixed by its type (create and read payment intents), checked by the routes.
 */
function assertScope(principal: Principal, method: string): void {
  if (principal.kind !== "api_key" || principal.keyType !== "secret") return;
  const needed = READ_METHODS.has(method) ? "read" : "write";
  if (!principal.scopes.includes(needed)) {
    throw new ApiError("insufficient_scope", { message: `This API key lacks the '${needed}' scope` });
  }
}

async function sessionPrincipal(deps: Deps, token: string): Promise<Principal> {
  const session = await deps.db
    .selectFrom("sessions")
    .select(["id", "user_id", "expires_at", "revoked_at", "last_seen_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const now = nowSeconds();
  if (!session || session.revoked_at !== null || session.expires_at <= now) {
    throw new ApiError("session_invalid");
  }
  // The sessions list shows when each was last used; to the minute is enough to recognise one.
  if (session.last_seen_at === null || now - Number(session.last_seen_at) >= LAST_SEEN_RESOLUTION_SECONDS)
    await deps.db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", session.id).execute();
  return { kind: "session", userId: session.user_id, sessionId: session.id };
}

/**
 * The principal of an API key (any type), checked as on every request: unknown, revoked, expired
 * (rolled, past its overlap), disabled.
 */
export async function keyPrincipal(deps: Deps, token: string): Promise<Principal> {
  const tokenHash = hashToken(token);
  const cached = deps.keys?.get(tokenHash);
  if (cached) {
    await recordUse(deps, cached.principal.keyId, cached);
    return cached.principal;
  }
  const generation = deps.keys?.generation ?? 0;
  const key = await deps.db
    .selectFrom("api_keys")
    .innerJoin("environments", "environments.id", "api_keys.environment_id")
    .select([
      "api_keys.id",
      "api_keys.type",
      "api_keys.state",
      "api_keys.workspace_id",
      "api_keys.environment_id",
      "api_keys.scopes",
      "api_keys.last_used_at",
      "api_keys.expires_at",
      "environments.type as environment_type",
    ])
    .where("api_keys.key_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!key) throw new ApiError("invalid_api_key");
  // A rolled key past its overlap is refused exactly as a revoked one.
  if (key.state === "revoked" || keyExpired(key.expires_at)) throw new ApiError("api_key_revoked");
  if (key.state === "disabled") throw new ApiError("api_key_disabled");
  const principal: Principal & { kind: "api_key" } = {
    kind: "api_key",
    keyId: key.id,
    keyType: key.type,
    workspaceId: key.workspace_id,
    environmentId: key.environment_id,
    env: key.environment_type === "production" ? "live" : "test",
    scopes: key.scopes,
  };
  const entry = { principal, lastUsedAt: key.last_used_at, expiresAt: key.expires_at };
  await recordUse(deps, key.id, entry);
  deps.keys?.remember(tokenHash, entry, generation);
  return principal;
}

/** Coarse on purpose: one write per key per minute keeps authentication read-only on hot paths. */
async function recordUse(deps: Deps, keyId: string, entry: { lastUsedAt: number | null }): Promise<void> {
  const now = nowSeconds();
  if (entry.lastUsedAt !== null && now - entry.lastUsedAt < LAST_USED_RESOLUTION_SECONDS) return;
  entry.lastUsedAt = now;
  await deps.db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
}
