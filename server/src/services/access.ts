import type { Context } from "hono";
import { ApiError, notFound } from "../domain/errors.ts";
import type { AppEnv, Deps, Principal } from "../http/context.ts";

/** The workspace (and environment, when known) a request acts on, after ownership checks. */
export interface WorkspaceScope {
  workspaceId: string;
  /** The key's environment, or the X-Environment-Id header for sessions; null = not chosen. */
  environmentId: string | null;
  principal: Principal;
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
    return { workspaceId: principal.workspaceId, environmentId: principal.environmentId, principal };
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
  if (environmentId) {
    const env = await deps.db
      .selectFrom("environments")
      .select("id")
      .where("id", "=", environmentId)
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirst();
    if (!env) throw new ApiError("environment_not_found", { param: "X-Environment-Id" });
  }
  return { workspaceId, environmentId, principal };
}
