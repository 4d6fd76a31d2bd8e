import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { errorMessage } from "../api/http.ts";
import type { WebhookEndpoint, WebhookTestResult, WorkspaceAuth } from "../api/types.ts";
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointInput,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "../api/webhook-endpoints.ts";
import { sendSandboxWebhook } from "../api/webhooks.ts";
import { merchantKeys } from "../state/merchant-queries.ts";
import { type QueryScope, scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";

/** The endpoints' cache key. */
export const webhookEndpointsKey = (scope: QueryScope) => [...scopeKey(scope), "webhook-endpoints"] as const;

/** A saved endpoint in the cached list: replaced where it is, a new one last (the server's order). */
export function withSavedEndpoint(
  list: readonly WebhookEndpoint[] | undefined,
  saved: WebhookEndpoint,
): WebhookEndpoint[] {
  // The signing secret is shown once by the screen, never kept in the cache.
  const { secret: _secret, ...listed } = saved;
  if (!list) return [listed];
  return list.some((e) => e.id === saved.id)
    ? list.map((e) => (e.id === saved.id ? { ...e, ...listed } : e))
    : [...list, listed];
}

export interface WebhookEndpointsState {
  /** Null until the first answer. */
  endpoints: WebhookEndpoint[] | null;
  error: string | null;
  /** Refetches the list (as Retry). */
  load(): Promise<void>;
  /** Writes: each updates the cached list when the server answered, then refetches it; throws a refusal. */
  save(id: string | null, input: EndpointInput): Promise<WebhookEndpoint>;
  setStatus(id: string, status: "enabled" | "disabled"): Promise<WebhookEndpoint>;
  rotate(id: string): Promise<WebhookEndpoint>;
  remove(id: string): Promise<void>;
  /** A sandbox delivery to the endpoint's URL; the workspace's onboarding is refetched (webhook tested). */
  test(endpoint: WebhookEndpoint): Promise<WebhookTestResult>;
}

/** The workspace's webhook endpoints, cached per workspace and environment; `onEndpoints` hears each list. */
export function useWebhookEndpoints(
  auth: WorkspaceAuth | null,
  onEndpoints?: (endpoints: WebhookEndpoint[]) => void,
): WebhookEndpointsState {
  const client = useQueryClient();
  const environmentId = useCurrentEnvironmentId();
  const key = useMemo(
    () => (auth ? webhookEndpointsKey({ auth, environmentId }) : (["webhook-endpoints", "none"] as const)),
    [auth, environmentId],
  );
  const query = useQuery({ queryKey: key, queryFn: auth ? () => listEndpoints(auth) : skipToken });
  useEffect(() => {
    if (query.data) onEndpoints?.(query.data);
  }, [query.data, onEndpoints]);

  const need = () => {
    if (!auth) throw new Error("no workspace");
    return auth;
  };
  const written = (saved: WebhookEndpoint) => {
    client.setQueryData<WebhookEndpoint[]>(key, (list) => withSavedEndpoint(list, saved));
    void client.invalidateQueries({ queryKey: key });
  };
  const saving = useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string | null;
      input: Partial<EndpointInput> & { status?: "enabled" | "disabled" };
    }) => (id ? updateEndpoint(need(), id, input) : createEndpoint(need(), input as EndpointInput)),
    onSuccess: written,
  });
  const rotation = useMutation({
    mutationFn: (id: string) => rotateEndpointSecret(need(), id),
    onSuccess: written,
  });
  const removal = useMutation({
    mutationFn: (id: string) => deleteEndpoint(need(), id),
    onSuccess: (_answer, id) => {
      client.setQueryData<WebhookEndpoint[]>(key, (list) => list?.filter((e) => e.id !== id));
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const testing = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => {
      const a = need();
      return sendSandboxWebhook(a.token, a.workspaceId, endpoint.url, false);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      if (auth) void client.invalidateQueries({ queryKey: merchantKeys.onboarding(auth.workspaceId) });
    },
  });

  const { refetch } = query;
  return {
    endpoints: query.data ?? null,
    error: query.error ? errorMessage(query.error) : null,
    load: useCallback(async () => void (await refetch()), [refetch]),
    save: (id, input) => saving.mutateAsync({ id, input }),
    setStatus: (id, status) => saving.mutateAsync({ id, input: { status } }),
    rotate: (id) => rotation.mutateAsync(id),
    remove: async (id) => void (await removal.mutateAsync(id)),
    test: (endpoint) => testing.mutateAsync(endpoint),
  };
}
