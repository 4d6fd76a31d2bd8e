import { apiRequest, apiResponse } from "./http.ts";
import type { AnalyticsOverview, AnalyticsRange, WorkspaceAuth } from "./types.ts";

export function analyticsOverview(
  auth: WorkspaceAuth,
  range: AnalyticsRange,
  signal?: AbortSignal,
): Promise<AnalyticsOverview> {
  return apiRequest(`/v1/analytics/overview?range=${range}`, {
    token: auth.token,
    workspaceId: auth.workspaceId,
    signal,
  });
}

/** The range's payments as CSV text (Export Data). */
export async function exportPaymentsCsv(auth: WorkspaceAuth, range: AnalyticsRange): Promise<string> {
  const res = await apiResponse(`/v1/analytics/export?range=${range}`, "text/csv", {
    token: auth.token,
    workspaceId: auth.workspaceId,
  });
  return res.text();
}
