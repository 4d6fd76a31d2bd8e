import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import type { AppEnv, Deps } from "./context.ts";
import { secretsStillInForce } from "./replayed-secrets.ts";

/** Keys are honoured for at least 24 hours (DESIGN.md); older ones may be reused and are purged. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request still "executing" after this long died with its process; its key may be taken over. */
const STALE_LOCK_SECONDS = 60;
const MAX_KEY_LENGTH = 255;

/**
 * Requests idempotency never applies to: sign-in, registration and the other `/v1/auth/*` calls
 * answer with a session token, and a stored answer would hand that token to whoever replays the key.
 * A retried sign-in simply signs in again.
 */
const NOT_IDEMPOTENT: RegExp[] = [/^\/v1\/auth\//];

/**
 * Responses that carry a secret (an API key, a webhook signing secret, a client secret): stored
 * sealed with the server's secret box, never in plain text. One list, so a new secret-bearing route
 * is declared here; {@link SECRET_SHAPES} seals anything that looks like a secret even if it was not.
 */
const SEALED_RESPONSES: RegExp[] = [
  /^\/v1\/workspaces\/[^/]+\/api-keys$/, // a new key, shown once
  /^\/v1\/api-keys\/[^/]+\/roll$/, // the replacing key, shown once
  /^\/onboarding\/wallet\/verify$/, // the test keys onboarding creates
  /^\/v1\/webhook_endpoints$/, // the new endpoint's whsec_ secret
  /^\/v1\/webhook_endpoints\/[^/]+\/rotate_secret$/,
  /^\/v1\/webhook\/sandbox$/, // a one-time signing secret
  /^\/v1\/payment_intents$/, // the intent's client secret
];

/**
 * Routes that write their Idempotency-Key claim themselves, inside the one statement that makes
 * their change (the claim row is stored already `done`, with the answer): the hottest path does one
 * commit instead of three (claim, change, stored answer). Such a route takes the claim with
 * {@link pendingClaim} and builds it into its statement with {@link claimText} and
 * {@link claimValues}; a claim it could not take (the key is held, or done) is answered here as any
 * other replay or conflict.
 */
const ATOMIC_ROUTES: RegExp[] = [/^\/v1\/payment_intents$/];

/** Secret-looking substrings: secret keys, webhook secrets, session tokens, client secrets. */
const SECRET_SHAPES = /\bsk_(test|live)_|\bwhsec_|\bsess_|_secret_/;

/**
 * Who made a request, for idempotency. `scope` is the key space: an API key's workspace and
 * environment (keys of one environment share it, as Stripe's account-wide keys), a session's user
 * with the workspace and environment it names, or the client IP. `owner` is the credential kind:
 * a stored response is replayed only to the same kind, so a publishable key never reads what a
 * secret key's request returned.
 */
export interface IdempotencyCaller {
  scope: string;
  owner: "publishable" | "secret" | "session" | "anonymous";
}

export function idempotencyCaller(c: Context<AppEnv>): IdempotencyCaller {
  const principal = c.get("principal");
  if (!principal) return { scope: `ip:${c.get("clientIp")}`, owner: "anonymous" };
  if (principal.kind === "api_key") {
    return { scope: `ws:${principal.workspaceId}:env:${principal.environmentId}`, owner: principal.keyType };
  }
  const workspace = c.req.header("x-workspace-id")?.trim() || "-";
  const environment = c.req.header("x-environment-id")?.trim() || "-";
  return { scope: `user:${principal.userId}:ws:${workspace}:env:${environment}`, owner: "session" };
}

/**
 * Stripe's idempotency for every POST carrying `Idempotency-Key`: the first successful result is
 * stored and replayed for the same key and body; a different body → 409 `idempotency_key_reused`;
 * a concurrent request while the first executes → 409 `idempotency_key_in_use`. A failed request
 * (any non-2xx) releases the key: nothing was changed, so a retry may run again.
 *
 * A replay never bypasses permission: it reaches only the caller's own key space (workspace and
 * environment), and within it only the credential kind that made the original request — a
 * publishable key presenting a secret key's Idempotency-Key gets 403 `secret_key_required`, another
 * kind 409 `idempotency_key_other_credential`.
 */
export function idempotency(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (c.req.method !== "POST" || key === undefined) return next();
    if (NOT_IDEMPOTENT.some((r) => r.test(c.req.path))) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError("parameter_invalid", {
        message: `Idempotency-Key must be 1–${MAX_KEY_LENGTH} characters`,
        param: "Idempotency-Key",
      });
    }
    const { scope, owner } = idempotencyCaller(c);
    const body = await c.req.text();
    const requestHash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex");
    const now = nowSeconds();

    if (ATOMIC_ROUTES.some((r) => r.test(c.req.path))) {
      const claim: IdempotencyClaim = {
        scope,
        owner,
        key,
        requestHash,
        now,
        sealed: SEALED_RESPONSES.some((r) => r.test(c.req.path)),
        outcome: "pending",
      };
      c.set("idempotencyClaim", claim);
      await next();
      // The route answered `idempotency_key_in_use` (nothing written); the held key's answer replaces it.
      if (claim.outcome === "lost") c.res = await answerHeldKey(deps, c, { scope, owner }, key, requestHash);
      else if (claim.outcome === "pending" && c.res.status >= 200 && c.res.status < 300) {
        // A route listed as atomic answered without writing its claim: a bug, never silent.
        throw new Error(`${c.req.path} answered ${c.res.status} without writing its Idempotency-Key claim`);
      }
      return;
    }

    const claimed = await claimKey(deps, { scope, owner }, key, requestHash, now);
    if (!claimed) return answerHeldKey(deps, c, { scope, owner }, key, requestHash);

    try {
      await next();
    } catch (err) {
      await releaseKey(deps, scope, key);
      throw err;
    }
    if (c.res.status >= 200 && c.res.status < 300) {
      const responseBody = await c.res.clone().text();
      const sealed = SEALED_RESPONSES.some((r) => r.test(c.req.path)) || SECRET_SHAPES.test(responseBody);
      await deps.db
        .updateTable("idempotency_keys")
        .set({
          state: "done",
          response_status: c.res.status,
          response_body: sealed ? deps.secrets.seal(responseBody) : responseBody,
          response_sealed: sealed,
        })
        .where("scope", "=", scope)
        .where("key", "=", key)
        .execute();
    } else {
      await releaseKey(deps, scope, key);
    }
  };
}

/**
 * The answer for a key another request holds or finished: its stored response (same caller kind,
 * same body), else a conflict. Missing means the holder just failed and released it: retry.
 */
async function answerHeldKey(
  deps: Deps,
  c: Context<AppEnv>,
  { scope, owner }: IdempotencyCaller,
  key: string,
  requestHash: string,
): Promise<Response> {
  const existing = await deps.db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
  // Missing here means the holder just failed and released it: the caller should retry.
  if (existing && existing.owner !== owner) {
    throw owner === "publishable"
      ? new ApiError("secret_key_required")
      : new ApiError("idempotency_key_other_credential", { param: "Idempotency-Key" });
  }
  if (existing && existing.request_hash !== requestHash)
    throw new ApiError("idempotency_key_reused", { param: "Idempotency-Key" });
  if (existing?.state === "done" && existing.response_status !== null && existing.response_body !== null) {
    const stored = existing.response_sealed
      ? deps.secrets.open(existing.response_body)
      : existing.response_body;
    if (existing.response_sealed && !(await secretsStillInForce(deps, stored)))
      throw new ApiError("idempotency_secret_gone", { param: "Idempotency-Key" });
    return new Response(stored, {
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

/** An Idempotency-Key claim an {@link ATOMIC_ROUTES} route writes in its own statement. */
export interface IdempotencyClaim {
  scope: string;
  owner: IdempotencyCaller["owner"];
  key: string;
  requestHash: string;
  now: number;
  /** The answer carries a secret: stored sealed. */
  sealed: boolean;
  /** `written`: the statement stored it with the answer; `lost`: the key was held or done. */
  outcome: "pending" | "written" | "lost";
}

/** The claim of this request when its route writes it itself (an atomic route with Idempotency-Key). */
export function pendingClaim(c: Context<AppEnv>): IdempotencyClaim | undefined {
  const claim = c.get("idempotencyClaim");
  return claim?.outcome === "pending" ? claim : undefined;
}

/**
 * The values {@link claimText} places, in its order: a caller that keeps the statement's text
 * (it never changes) binds only these on each use.
 */
export function claimValues(
  deps: Pick<Deps, "secrets">,
  claim: IdempotencyClaim,
  answer: { status: number; body: string },
): unknown[] {
  const sealed = claim.sealed || SECRET_SHAPES.test(answer.body);
  const stored = sealed ? deps.secrets.seal(answer.body) : answer.body;
  return [
    claim.now,
    claim.scope,
    claim.key,
    claim.owner,
    claim.requestHash,
    answer.status,
    stored,
    sealed,
    claim.now - IDEMPOTENCY_TTL_SECONDS,
    claim.now - STALE_LOCK_SECONDS,
  ];
}

/** How many values {@link claimValues} lists: the placeholders {@link claimText} takes. */
export const CLAIM_VALUE_COUNT = 10;

/**
 * The claim as a data-modifying statement for a `with claim as (…)` clause: inserts the key as
 * `done` with the answer, or takes over an expired or abandoned one (as {@link claimKey}); returns
 * a row only when the claim was won, so the caller's writes depend on `exists (select 1 from claim)`.
 * `value(i)` is the placeholder (`$n`) of {@link claimValues}' i-th value.
 */
export function claimText(value: (i: number) => string): string {
  const now = value(0);
  return `insert into idempotency_keys
      (scope, key, owner, request_hash, state, response_status, response_body, response_sealed, created_at, locked_at)
    values (${value(1)}, ${value(2)}, ${value(3)}, ${value(4)}, 'done',
      ${value(5)}, ${value(6)}, ${value(7)}, ${now}, ${now})
    on conflict (scope, key) do update set owner = excluded.owner, request_hash = excluded.request_hash,
      state = 'done', response_status = excluded.response_status, response_body = excluded.response_body,
      response_sealed = excluded.response_sealed, created_at = excluded.created_at, locked_at = excluded.locked_at
    where idempotency_keys.created_at < ${value(8)}
      or (idempotency_keys.state = 'executing' and idempotency_keys.locked_at < ${value(9)})
    returning key`;
}

/** Inserts the key as executing; takes over an expired or abandoned one. Returns false if held. */
async function claimKey(
  deps: Deps,
  caller: IdempotencyCaller,
  key: string,
  requestHash: string,
  now: number,
): Promise<boolean> {
  const inserted = await deps.db
    .insertInto("idempotency_keys")
    .values({
      scope: caller.scope,
      key,
      owner: caller.owner,
      request_hash: requestHash,
      state: "executing",
      created_at: now,
      locked_at: now,
    })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await deps.db
    .updateTable("idempotency_keys")
    .set({
      owner: caller.owner,
      request_hash: requestHash,
      state: "executing",
      response_status: null,
      response_body: null,
      response_sealed: false,
      created_at: now,
      locked_at: now,
    })
    .where("scope", "=", caller.scope)
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
