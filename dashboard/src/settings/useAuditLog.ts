import { skipToken, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { type AuditEntry, listAuditLog } from "../api/audit-log.ts";
import { errorMessage } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";
import { scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";

export const AUDIT_PAGE_SIZE = 25;

export interface AuditLogPages {
  entries: AuditEntry[];
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore(): void;
}

/** The workspace's audit log, newest first, a page at a time; cached per workspace and environment. */
export function useAuditLog(auth: WorkspaceAuth | null): AuditLogPages {
  const environmentId = useCurrentEnvironmentId();
  const key = useMemo(
    () => (auth ? [...scopeKey({ auth, environmentId }), "audit-log"] : ["audit-log", "none"]),
    [auth, environmentId],
  );
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: auth
      ? ({ pageParam }) => listAuditLog(auth, { limit: AUDIT_PAGE_SIZE, startingAfter: pageParam })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<AuditEntry>) => (last.has_more ? last.data.at(-1)?.id : undefined),
  });
  const entries = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.data), [query.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    entries,
    hasMore: hasNextPage,
    loading: query.isPending,
    loadingMore: isFetchingNextPage,
    error: query.error ? errorMessage(query.error) : null,
    loadMore,
  };
}
