import { skipToken, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { analyticsOverview } from "../api/analytics.ts";
import { errorMessage } from "../api/http.ts";
import type { AnalyticsOverview, AnalyticsRange, WorkspaceAuth } from "../api/types.ts";
import { scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { ANALYTICS } from "./messages.ts";

export interface AnalyticsOverviewState {
  /** Null until the first answer (the previous range's figures stay while another range loads). */
  overview: AnalyticsOverview | null;
  error: string | null;
  reload(): void;
}

/** `/v1/analytics/overview` of one range, cached per workspace and environment (refetched on payment events). */
export function useAnalyticsOverview(
  auth: WorkspaceAuth | null,
  range: AnalyticsRange,
): AnalyticsOverviewState {
  const environmentId = useCurrentEnvironmentId();
  const scope = useMemo(() => (auth ? scopeKey({ auth, environmentId }) : null), [auth, environmentId]);
  const query = useQuery({
    queryKey: scope ? [...scope, "analytics", range] : ["analytics", "none"],
    queryFn: auth ? ({ signal }) => analyticsOverview(auth, range, signal) : skipToken,
    // Another range of the same workspace and environment: its figures stay until the new ones came.
    placeholderData: (previous, previousQuery) =>
      scope && previousQuery?.queryKey.slice(0, scope.length).every((part, i) => part === scope[i])
        ? previous
        : undefined,
  });
  const { refetch } = query;
  return {
    overview: query.data ?? null,
    error: query.error ? `${ANALYTICS.loadFailed}: ${errorMessage(query.error)}` : null,
    reload: useCallback(() => void refetch(), [refetch]),
  };
}
