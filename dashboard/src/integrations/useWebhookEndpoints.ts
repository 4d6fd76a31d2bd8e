import { skipToken, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { errorMessage } from "../api/http.ts";
import type { WebhookEndpoint, WorkspaceAuth } from "../api/types.ts";
import { listEndpoints } from "../api/webhook-endpoints.ts";
import { scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";

export interface WebhookEndpointsState {
  /** Null until the first answer. */
  endpoints: WebhookEndpoint[] | null;
  error: string | null;
  /** Refetches the list (after a change, or as Retry). */
  load(): Promise<void>;
}

/** The workspace's webhook endpoints, cached per workspace and environment; `onEndpoints` hears each list. */
export function useWebhookEndpoints(
  auth: WorkspaceAuth | null,
  onEndpoints?: (endpoints: WebhookEndpoint[]) => void,
): WebhookEndpointsState {
  const environmentId = useCurrentEnvironmentId();
  const key = useMemo(
    () =>
      auth ? [...scopeKey({ auth, environmentId }), "webhook-endpoints"] : ["webhook-endpoints", "none"],
    [auth, environmentId],
  );
  const query = useQuery({ queryKey: key, queryFn: auth ? () => listEndpoints(auth) : skipToken });
  useEffect(() => {
    if (query.data) onEndpoints?.(query.data);
  }, [query.data, onEndpoints]);
  const { refetch } = query;
  return {
    endpoints: query.data ?? null,
    error: query.error ? errorMessage(query.error) : null,
    load: useCallback(async () => void (await refetch()), [refetch]),
  };
}
