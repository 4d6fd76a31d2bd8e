import { useMemo } from "react";
import type { WorkspaceAuth } from "../api/types.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { useWorkspaceAuth } from "./workspace-auth.ts";

/** Where a merchant screen's data comes from: the session, workspace and environment. */
export interface QueryScope {
  auth: WorkspaceAuth;
  environmentId: string;
}

/**
 * The first part of every workspace query key: the workspace and the environment, so switching
 * either never shows another one's cached data (the session token is not part of a key: signing
 * out clears the whole cache).
 */
export function scopeKey(scope: QueryScope): readonly ["workspace", string, string] {
  return ["workspace", scope.auth.workspaceId, scope.environmentId];
}

/** The current scope; null without a session or a workspace. */
export function useQueryScope(): QueryScope | null {
  const auth = useWorkspaceAuth();
  const environmentId = useCurrentEnvironmentId();
  return useMemo(() => (auth ? { auth, environmentId } : null), [auth, environmentId]);
}
