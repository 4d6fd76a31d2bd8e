import type { ApiAuditEntry } from "@spay/protocol";
import { apiRequest } from "./http.ts";
import type { Page, WorkspaceAuth } from "./types.ts";

/** One entry of `GET /v1/audit_log`: a security-relevant action with who, when, from where, on what. */
export type AuditEntry = ApiAuditEntry;

/** One page of the workspace's audit log (plus the user's own sign-ins), newest first. */
export function listAuditLog(
  auth: WorkspaceAuth,
  options: { limit?: number; startingAfter?: string } = {},
): Promise<Page<AuditEntry>> {
  const query = new URLSearchParams({ limit: String(options.limit ?? 25) });
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`/v1/audit_log?${query}`, { token: auth.token, workspaceId: auth.workspaceId });
}
