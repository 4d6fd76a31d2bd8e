import { apiRequest } from "./http.ts";
import type { DataExport, Page, WorkspaceAuth } from "./types.ts";

/**
 * Data exports of the workspace (server routes/exports.ts): a ZIP of its payments, refunds,
 * customers, events and audit log over a date range, built in the background and downloaded by a
 * link the server signs anew on each read (valid 15 minutes). Owners and admins only.
 */

/** The most recent exports, newest first. */
export async function listExports(auth: WorkspaceAuth, limit = 10): Promise<DataExport[]> {
  const page = await apiRequest<Page<DataExport>>(`/v1/exports?limit=${limit}`, {
    token: auth.token,
    workspaceId: auth.workspaceId,
  });
  return page.data;
}

/** Asks for an export of `from`…`to` (unix seconds, both included; at most 366 days). */
export function createExport(auth: WorkspaceAuth, range: { from: number; to: number }): Promise<DataExport> {
  return apiRequest("/v1/exports", {
    method: "POST",
    token: auth.token,
    workspaceId: auth.workspaceId,
    body: range,
  });
}
