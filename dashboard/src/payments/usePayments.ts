import type { PaymentIntent } from "@spay/sdk";
import {
  type InfiniteData,
  type QueryClient,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { errorMessage } from "../api/http.ts";
import { listPayments, paymentCounts } from "../api/payments.ts";
import type { Page, PaymentCounts, PaymentFilter, WorkspaceAuth } from "../api/types.ts";
import { type QueryScope, scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { mergeLivePaymentIntoPages } from "./live-merge.ts";

export const PAGE_SIZE = 100;

type PaymentPages = InfiniteData<Page<PaymentIntent>, string | undefined>;

/** The cache keys of the Payments screen: every list (one per filter) and the chip counts. */
export const paymentKeys = {
  all: (scope: QueryScope) => [...scopeKey(scope), "payments"] as const,
  lists: (scope: QueryScope) => [...paymentKeys.all(scope), "list"] as const,
  list: (scope: QueryScope, filter: PaymentFilter) => [...paymentKeys.lists(scope), filter] as const,
  counts: (scope: QueryScope) => [...paymentKeys.all(scope), "counts"] as const,
};

/**
 * Puts a payment as it is now (from the event stream or the detail view) into every cached list
 * of the scope, in place (no refetch of the pages), and refetches the chip counts.
 */
export function applyPaymentUpdate(client: QueryClient, scope: QueryScope, pi: PaymentIntent): void {
  for (const [key] of client.getQueriesData<PaymentPages>({ queryKey: paymentKeys.lists(scope) })) {
    const filter = key.at(-1) as PaymentFilter;
    client.setQueryData<PaymentPages>(key, (data) =>
      data ? { ...data, pages: mergeLivePaymentIntoPages(data.pages, pi, filter) } : data,
    );
  }
  void client.invalidateQueries({ queryKey: paymentKeys.counts(scope) }, { cancelRefetch: false });
}

export interface PaymentsList {
  items: PaymentIntent[];
  counts: PaymentCounts | null;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  refresh(): void;
  loadMore(): void;
  /** Puts a changed payment (from the detail view) in the list. */
  replace(pi: PaymentIntent): void;
}

/**
 * The Payments list of one filter: server pages of 100 loaded as the list scrolls, chip counts,
 * and live updates (the workspace's event stream writes into this cache: state/live-updates.ts).
 */
export function usePayments(auth: WorkspaceAuth | null, filter: PaymentFilter): PaymentsList {
  const client = useQueryClient();
  const environmentId = useCurrentEnvironmentId();
  const scope = useMemo(() => (auth ? { auth, environmentId } : null), [auth, environmentId]);

  const list = useInfiniteQuery({
    queryKey: scope ? paymentKeys.list(scope, filter) : ["payments", "none"],
    queryFn: scope
      ? ({ pageParam, signal }) =>
          listPayments(scope.auth, filter, { limit: PAGE_SIZE, startingAfter: pageParam, signal })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<PaymentIntent>) => (last.has_more ? last.data.at(-1)?.id : undefined),
  });
  const counts = useQuery({
    queryKey: scope ? paymentKeys.counts(scope) : ["payments", "none", "counts"],
    queryFn: scope ? ({ signal }) => paymentCounts(scope.auth, signal) : skipToken,
  });

  const items = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flatMap((p) => p.data).filter((p) => !seen.has(p.id) && seen.add(p.id));
  }, [list.data]);

  const { refetch: refetchList, fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const refetchCounts = counts.refetch;
  const refresh = useCallback(() => {
    void refetchList();
    void refetchCounts();
  }, [refetchList, refetchCounts]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const replace = useCallback(
    (pi: PaymentIntent) => {
      if (scope) applyPaymentUpdate(client, scope, pi);
    },
    [client, scope],
  );

  return {
    items,
    counts: counts.data ?? null,
    hasMore: hasNextPage,
    loading: list.isPending,
    loadingMore: isFetchingNextPage,
    error: list.error ? errorMessage(list.error) : null,
    refresh,
    loadMore,
    replace,
  };
}
