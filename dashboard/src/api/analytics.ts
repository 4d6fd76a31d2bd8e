import { SPayError } from "@spay/sdk";
import { API_BASE, apiRequest } from "./http.ts";
import type { AnalyticsOverview, AnalyticsRange, WorkspaceAuth } from "./types.ts";

export function analyticsOverview(auth: WorkspaceAuth, range: AnalyticsRange): Promise<AnalyticsOverview> {
  return apiRequest(`/v1/analytics/overview?range=${range}`, {
    token: auth.token,
    workspaceId: auth.workspaceId,
  });
}

/** The range's payments as CSV text (Export Data). */
export async function exportPaymentsCsv(auth: WorkspaceAuth, range: AnalyticsRange): Promise<string> {
  const res = await fetch(`${API_BASE}/v1/analytics/export?range=${range}`, {
    headers: { authorization: `Bearer ${auth.token}`, "x-workspace-id": auth.workspaceId },
  });
  const text = await res.text();
  if (!res.ok) throw SPayError.fromResponse(res.status, text, res.headers.get("x-request-id"));
  return text;
}
