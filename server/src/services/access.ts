import type { Context } from "hono";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import { ApiError, notFound } from "../domain/errors.ts";
import type { AppEnv, Deps, Principal } from "../http/context.ts";

/**
 * The workspace (and environment, when known) a request acts on, after ownership checks.
 *
 * Environment rule ("test and live are walls"): an API key acts in its own environment
 * only; a session acts in the environment named by `X-Environment-Id`, or — without the header,
 * which is how the dashboard calls — on the whole workspace, as its owner. Every lookup and list of
 * an environment's objects goes through {@link ownedBy}, so another environment's object answers
 * 404 exactly like another tenant's.
 */
export interface WorkspaceScope {
  workspaceId: string;
  /** The key's environment, or the X-Environment-Id header for sessions; null = the whole workspace. */
  environmentId: string | null;
  /** The kind of that environment (sandbox → test, production → live); null with environmentId null. */
  env: "test" | "live" | null;
  principal: Principal;
}

/** Tables whose rows belong to one environment (`environment_id`) of one workspace. */
const ENVIRONMENT_TABLES = [
  "payment_intents",
  "products",
  "payment_links",
  "webhook_endpoints",
  "api_keys",
  "unmatched_transfers",
  "refunds",
  "customers",
  "mail_outbox",
  // An export made by an API key or a session naming an environment covers that environment only;
  // one made by a session without X-Environment-Id covers the whole workspace (environment_id null),
  // so only a caller who sees the whole workspace sees it.
  "exports",
] as const;
/** Tables whose rows carry only the environment's kind (`env`: test or live), not its id. */
const ENV_KIND_TABLES = ["events"] as const;
export type ScopedTable = (typeof ENVIRONMENT_TABLES)[number] | (typeof ENV_KIND_TABLES)[number];

/**
 * The condition "this row belongs to the caller's workspace and environment", for `.where(…)` on
 * any select, update or delete of a {@link ScopedTable} (`alias` when the query names it so). Rows
 * keyed by environment id must match it exactly; rows that only know test/live (events) match the
 * environment's kind. A scope without an environment (a session without X-Environment-Id) matches
 * the whole workspace.
 */
export function ownedBy(
  scope: WorkspaceScope,
  table: ScopedTable,
  alias: string = table,
): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [sql`${column("workspace_id")} = ${scope.workspaceId}`];
  if ((ENV_KIND_TABLES as readonly string[]).includes(table)) {
    if (scope.env) conditions.push(sql`${column("env")} = ${scope.env}`);
  } else if (scope.environmentId) {
    conditions.push(sql`${column("environment_id")} = ${scope.environmentId}`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** In-memory form of {@link ownedBy}, for a row already read by id alone (e.g. to tell "taken" apart). */
export function ownsRow(
  scope: WorkspaceScope,
  row: { workspace_id: string; environment_id?: string | null; env?: "test" | "live" },
): boolean {
  if (row.workspace_id !== scope.workspaceId) return false;
  if (row.environment_id !== undefined)
    return !scope.environmentId || row.environment_id === scope.environmentId;
  if (row.env !== undefined) return !scope.env || row.env === scope.env;
  return true;
}

/** The key environment an environment type maps to. */
export function envOfType(type: "sandbox" | "production"): "test" | "live" {
  return type === "production" ? "live" : "test";
}

export function requirePrincipal(c: Context<AppEnv>): Principal {
  const principal = c.get("principal");
  if (!principal) throw new ApiError("authentication_required");
  return principal;
}

export function requireSession(c: Context<AppEnv>): { userId: string; sessionId: string } {
  const principal = requirePrincipal(c);
  if (principal.kind !== "session") throw new ApiError("session_required");
  return principal;
}

export async function isWorkspaceMember(deps: Deps, userId: string, workspaceId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom("workspaces")
    .innerJoin("organization_members", "organization_members.organization_id", "workspaces.organization_id")
    .select("workspaces.id")
    .where("workspaces.id", "=", workspaceId)
    .where("organization_members.user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks the caller may act on `workspaceId`. Another tenant's workspace answers 404, never 403,
 * so ids cannot be probed.
 */
export async function assertWorkspaceAccess(
  deps: Deps,
  principal: Principal,
  workspaceId: string,
  options: { secretOnly?: boolean } = {},
): Promise<void> {
  if (principal.kind === "api_key") {
    if (principal.workspaceId !== workspaceId) throw notFound("workspace", workspaceId);
    if (options.secretOnly && principal.keyType !== "secret") throw new ApiError("secret_key_required");
    return;
  }
  if (!(await isWorkspaceMember(deps, principal.userId, workspaceId)))
    throw notFound("workspace", workspaceId);
}

/**
 * Resolves the workspace of a request that does not name it in the path: the API key's own, or
 * for a session the `X-Workspace-Id` header (checked against membership). Legacy callers may ask to
 * fall back to the user's first workspace.
 */
export async function resolveWorkspaceScope(
  c: Context<AppEnv>,
  deps: Deps,
  options: {
    secretOnly?: boolean;
    fallbackToFirstWorkspace?: boolean;
    workspaceId?: string | undefined;
  } = {},
): Promise<WorkspaceScope> {
  const principal = requirePrincipal(c);
  if (principal.kind === "api_key") {
    if (options.secretOnly && principal.keyType !== "secret") throw new ApiError("secret_key_required");
    return {
      workspaceId: principal.workspaceId,
      environmentId: principal.environmentId,
      env: principal.env,
      principal,
    };
  }
  let workspaceId = c.req.header("x-workspace-id")?.trim() || options.workspaceId;
  if (!workspaceId && options.fallbackToFirstWorkspace) {
    const first = await deps.db
      .selectFrom("workspaces")
      .innerJoin("organization_members", "organization_members.organization_id", "workspaces.organization_id")
      .select("workspaces.id")
      .where("organization_members.user_id", "=", principal.userId)
      .orderBy("workspaces.seq")
      .limit(1)
      .executeTakeFirst();
    workspaceId = first?.id;
  }
  if (!workspaceId) throw new ApiError("workspace_required");
  await assertWorkspaceAccess(deps, principal, workspaceId);
  const environmentId = c.req.header("x-environment-id")?.trim() || null;
  if (!environmentId) return { workspaceId, environmentId: null, env: null, principal };
  const environment = await deps.db
    .selectFrom("environments")
    .select("type")
    .where("id", "=", environmentId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!environment) throw new ApiError("environment_not_found", { param: "X-Environment-Id" });
  return { workspaceId, environmentId, env: envOfType(environment.type), principal };
}
