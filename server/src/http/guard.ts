import { type ErrorCode, type Permission, ROLES, type Role, roleCan } from "@spay/protocol";
import type { Context, MiddlewareHandler } from "hono";
import { type RawBuilder, sql } from "kysely";
import { ApiError, notFound } from "../domain/errors.ts";
import { ownedBy, type ScopedTable } from "../services/access.ts";
import { hasSecondFactorSql } from "../services/two-factor/factors.ts";
import { assertFreshSecondFactor } from "../services/two-factor/step-up.ts";
import type { AppEnv, Deps, Principal } from "./context.ts";

/** Which API keys may call a route: none (signed-in members only), secret keys, or publishable too. */
export type KeyAccess = "none" | "secret" | "any";

/** Tables whose rows a route's `{id}` (or another path parameter) names: an environment's objects, or environments. */
export type ObjectTable = ScopedTable | "environments";

/** Where the workspace of a request — and so the caller's role in it — comes from. */
export type Target =
  /** The caller's own account: no workspace, no role. */
  | "account"
  /** `{id}` names an organization. */
  | "organization"
  /** `{id}` names a workspace. */
  | "workspace"
  /** An API key's own workspace, or the X-Workspace-Id header (a member's first workspace without it). */
  | "request"
  /** A path parameter names an object of `table`, looked up by `column` (default `id`). */
  | {
      table: ObjectTable;
      param?: string;
      column?: string;
      /** The object's name in the 404 a caller who cannot reach it gets ("No such product: …"). */
      name: string;
      /** A route's own code for that 404, where its contract names one. */
      missing?: ErrorCode;
    };

export interface AccessRule {
  /** What a member's role must allow; null on the caller's own account. */
  permission: Permission | null;
  keys: KeyAccess;
  target: Target;
  /** A route's own code for "no credential", where its contract names one. */
  anonymous?: ErrorCode;
  /**
   * Reveals or changes a secret, the payout wallet, or deletes: a member with a second factor must
   * have proved it in the last five minutes (an API key acts by itself and passes).
   */
  stepUp?: boolean;
}

/** What the guard learned about a signed-in caller: their role where the request acts. */
export interface MemberAccess {
  role: Role;
}

const GUARDS = new WeakSet<MiddlewareHandler>();

/** Whether a route's middleware includes a {@link guard}: every secured route must have one. */
export function isGuarded(middleware: unknown): boolean {
  const list = Array.isArray(middleware) ? middleware : middleware ? [middleware] : [];
  return list.some((m) => GUARDS.has(m as MiddlewareHandler));
}

/**
 * The route's access rule, checked before its parameters and body are validated: a caller without
 * the right learns 401, 403 or 404 — never a 400 that describes the body's schema, and never
 * whether another tenant's id exists.
 *
 * - Members (sessions) are checked in full here: the workspace the request acts on, their role in
 *   its organization, and the role's right in the protocol package's table. Not a member: 404.
 * - API keys have no role: their type is checked here (session-only routes, secret-key routes).
 *   Whether the object named in the path is theirs is checked by the handler as always; when the
 *   request is invalid, the validator's hook asks first ({@link reachBeforeRefusing}), so a
 *   valid request pays for no extra lookup.
 */
export function guard(deps: Deps, rule: AccessRule): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const principal = c.get("principal");
    if (!principal) throw new ApiError(rule.anonymous ?? "authentication_required");
    if (principal.kind === "api_key") {
      checkKey(principal, rule);
      c.set("reach", () => keyReaches(deps, c, principal, rule.target));
      return next();
    }
    if (rule.stepUp) await assertFreshSecondFactor(deps, principal);
    if (rule.target === "account") return next();
    const standing = await membership(deps, c, principal.userId, rule.target);
    if (!standing) return next();
    // An organization that requires a second factor is closed to a member without one, whatever
    // their role: their own account's routes (where they enroll) stay open.
    if (standing.require_two_factor && !standing.has_second_factor)
      throw new ApiError("two_factor_enrollment_required");
    if (rule.permission && !roleCan(standing.role, rule.permission)) throw new ApiError("role_forbidden");
    c.set("member", { role: standing.role });
    return next();
  };
  GUARDS.add(middleware as MiddlewareHandler);
  return middleware;
}

/** Called by the validators' hook before a 400: a caller that may not reach the object gets its 404. */
export async function reachBeforeRefusing(c: Context<AppEnv>): Promise<void> {
  await c.get("reach")?.();
}

function checkKey(principal: Principal & { kind: "api_key" }, rule: AccessRule): void {
  if (rule.keys === "none" || rule.target === "account" || rule.target === "organization")
    throw new ApiError("session_required");
  if (rule.keys === "secret" && principal.keyType !== "secret") throw new ApiError("secret_key_required");
}

async function keyReaches(
  deps: Deps,
  c: Context<AppEnv>,
  principal: Principal & { kind: "api_key" },
  target: Target,
): Promise<void> {
  if (target === "workspace") {
    const id = c.req.param("id") ?? "";
    if (id !== principal.workspaceId) throw notFound("workspace", id);
    return;
  }
  if (typeof target !== "object") return;
  const id = c.req.param(target.param ?? "id") ?? "";
  const scope = {
    workspaceId: principal.workspaceId,
    environmentId: principal.environmentId,
    env: principal.env,
    principal,
  };
  const found = await sql`
    select 1 from ${sql.table(target.table)} t
    where ${sql.ref(`t.${target.column ?? "id"}`)} = ${id}
      and ${target.table === "environments" ? sql`t.workspace_id = ${scope.workspaceId}` : ownedBy(scope, target.table, "t")}
    limit 1`.execute(deps.db);
  if (found.rows.length === 0) throw unreachable(target, id);
}

function unreachable(target: Target & object, id: string): ApiError {
  return target.missing
    ? new ApiError(target.missing, { param: target.param ?? "id" })
    : notFound(target.name, id);
}

/** The workspace the header names, if any. */
function headerWorkspace(c: Context<AppEnv>): string | null {
  return c.req.header("x-workspace-id")?.trim() || null;
}

/** A signed-in caller's standing where the request acts. */
interface Membership {
  role: Role;
  /** The organization requires a second factor of its members. */
  require_two_factor: boolean;
  /** The caller has a second factor (an authenticator app, a passkey). */
  has_second_factor: boolean;
}

/**
 * The caller's standing in the organizations `organizations` (a subquery of organization ids), one
 * row per organization they belong to. The one statement every target asks; targets differ only
 * in how they find the organization.
 */
function standingIn(userId: string, organizations: RawBuilder<unknown>) {
  return sql<Membership>`select m.role,
      (select o.require_two_factor from organizations o where o.id = m.organization_id) as require_two_factor,
      ${hasSecondFactorSql(sql.ref("m.user_id"))} as has_second_factor
    from organization_members m
    where m.user_id = ${userId} and m.organization_id in (${organizations})`;
}

/** The organization of workspace `id`. */
const organizationOfWorkspace = (id: string) => sql`select organization_id from workspaces where id = ${id}`;

/**
 * The member's standing where the request acts; null when the request names no workspace and the
 * caller has none yet (the handler then answers `workspace_required`). Not a member: 404.
 */
async function membership(
  deps: Deps,
  c: Context<AppEnv>,
  userId: string,
  target: Exclude<Target, "account">,
): Promise<Membership | null> {
  const standing = async (organizations: RawBuilder<unknown>, refusal: ApiError | null) => {
    const rows = (await standingIn(userId, organizations).execute(deps.db)).rows;
    if (rows.length === 0) {
      if (refusal) throw refusal;
      return null;
    }
    // The same id in the workspaces of two of the member's organizations (merchant-chosen ids):
    // the lesser role decides.
    return rows.sort((a, b) => ROLES.indexOf(b.role) - ROLES.indexOf(a.role))[0] ?? null;
  };
  if (target === "organization") {
    const id = c.req.param("id") ?? "";
    return standing(sql`select ${id}::text`, notFound("organization", id));
  }
  if (target === "workspace") {
    const id = c.req.param("id") ?? "";
    return standing(organizationOfWorkspace(id), notFound("workspace", id));
  }
  const named = headerWorkspace(c);
  if (target === "request") {
    if (named) return standing(organizationOfWorkspace(named), notFound("workspace", named));
    // No header: the member's first workspace, if they have one yet.
    return standing(
      sql`select w.organization_id from workspaces w
        join organization_members mine on mine.organization_id = w.organization_id and mine.user_id = ${userId}
        order by w.seq limit 1`,
      null,
    );
  }
  const id = c.req.param(target.param ?? "id") ?? "";
  return standing(
    sql`select w.organization_id from ${sql.table(target.table)} t
      join workspaces w on w.id = t.workspace_id
      where ${sql.ref(`t.${target.column ?? "id"}`)} = ${id}
        ${named ? sql`and t.workspace_id = ${named}` : sql``}`,
    unreachable(target, id),
  );
}
