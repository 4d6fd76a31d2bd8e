import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ApiKey, WorkspaceAuth } from "../api/types.ts";
import { apiKeysQuery } from "../state/merchant-queries.ts";
import { INTEGRATIONS } from "./messages.ts";

export interface ApiKeysState {
  /** Null until the workspace's first answer (never another workspace's keys meanwhile). */
  keys: ApiKey[] | null;
  loading: boolean;
  error: string | null;
  retry(): void;
}

/** The workspace's API keys from the server-state cache (shared with the merchant's state). */
export function useApiKeys(auth: WorkspaceAuth | null): ApiKeysState {
  const query = useQuery(apiKeysQuery(auth));
  const { refetch } = query;
  const keys = auth ? (query.data ?? null) : null;
  return {
    keys,
    loading: auth !== null && keys === null && query.isFetching,
    error: auth && keys === null && query.isError ? INTEGRATIONS.keysLoadFailed : null,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}
