import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import type { AppEnv, Deps, Principal } from "./context.ts";

/** Keys are honoured for at least 24 hours (DESIGN.md); older ones may be reused and are purged. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request still "executing" after this long died with its process; its key may be taken over. */
const STALE_LOCK_SECONDS = 60;
const MAX_KEY_LENGTH = 255;

function scopeOf(principal: Principal | undefined, ip: string): string {
  if (!principal) return `ip:${ip}`;
  return principal.kind === "api_key" ? `ws:${principal.workspaceId}` : `user:${principal.userId}`;
}

/**
 * Stripe's idempotency for every POST carrying `Idempotency-Key`: the first successful result is
 * stored and replayed for the same key and body; a different body → 409 `idempotency_key_reused`;
 * a concurrent request while the first executes → 409 `idempotency_key_in_use`. A failed request
 * (any non-2xx) releases the key: nothing was changed, so a retry may run again.
 */
export function idempotency(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (c.req.method !== "POST" || key === undefined) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError("parameter_invalid", {
        message: `Idempotency-Key must be 1–${MAX_KEY_LENGTH} characters`,
        param: "Idempotency-Key",
      });
    }
    const scope = scopeOf(c.get("principal"), c.get("clientIp"));
    const body = await c.req.text();
    const requestHash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex");
    const now = nowSeconds();

    const claimed = await claimKey(deps, scope, key, requestHash, now);
    if (!claimed) {
      const existing = await deps.db
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("scope", "=", scope)
        .where("key", "=", key)
        .executeTakeFirst();
      // Missing here means the holder just failed and released it: the caller should retry.
      if (existing && existing.request_hash !== requestHash)
        throw new ApiError("idempotency_key_reused", { param: "Idempotency-Key" });
      if (existing?.state === "done" && existing.response_status !== null) {
        return new Response(existing.response_body, {
          status: existing.response_status,
          headers: {
            "content-type": "application/json",
            "idempotent-replayed": "true",
            "x-request-id": c.get("requestId"),
          },
        });
      }
      throw new ApiError("idempotency_key_in_use", {
        param: "Idempotency-Key",
        headers: { "Retry-After": "1" },
      });
    }

    try {
      await next();
    } catch (err) {
      await releaseKey(deps, scope, key);
      throw err;
    }
    if (c.res.status >= 200 && c.res.status < 300) {
      const responseBody = await c.res.clone().text();
      await deps.db
        .updateTable("idempotency_keys")
        .set({ state: "done", response_status: c.res.status, response_body: responseBody })
        .where("scope", "=", scope)
        .where("key", "=", key)
        .execute();
    } else {
      await releaseKey(deps, scope, key);
    }
  };
}

/** Inserts the key as executing; takes over an expired or abandoned one. Returns false if held. */
async function claimKey(
  deps: Deps,
  scope: string,
  key: string,
  requestHash: string,
  now: number,
): Promise<boolean> {
  const inserted = await deps.db
    .insertInto("idempotency_keys")
    .values({ scope, key, request_hash: requestHash, state: "executing", created_at: now, locked_at: now })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await deps.db
    .updateTable("idempotency_keys")
    .set({
      request_hash: requestHash,
      state: "executing",
      response_status: null,
      response_body: null,
      created_at: now,
      locked_at: now,
    })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where((eb) =>
      eb.or([
        eb("created_at", "<", now - IDEMPOTENCY_TTL_SECONDS),
        eb.and([eb("state", "=", "executing"), eb("locked_at", "<", now - STALE_LOCK_SECONDS)]),
      ]),
    )
    .returning("key")
    .executeTakeFirst();
  return takenOver !== undefined;
}

async function releaseKey(deps: Deps, scope: string, key: string): Promise<void> {
  await deps.db
    .deleteFrom("idempotency_keys")
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("state", "=", "executing")
    .execute();
}

/** Removes keys past their lifetime; run periodically by the maintenance loop. */
export async function purgeIdempotencyKeys(deps: Deps, now = nowSeconds()): Promise<number> {
  const result = await deps.db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", now - 2 * IDEMPOTENCY_TTL_SECONDS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
