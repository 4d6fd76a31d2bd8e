import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { type QueryScope, scopeKey } from "../state/query-scope.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { ErrorNotice, Loading } from "./Status.tsx";

/** How many items one request of a paged list asks for. */
export const LIST_PAGE_SIZE = 50;

/** The pages of a cursor-paged list (`starting_after`) as the cache holds them. */
export type ListPages<T> = InfiniteData<Page<T>, string | undefined>;

/** One page of a list: `limit` items after the item `startingAfter` (from the start without it). */
export type PageFetcher<T> = (page: {
  startingAfter: string | undefined;
  limit: number;
  signal: AbortSignal;
}) => Promise<Page<T>>;

/**
 * The query key of a resource's list: scoped by workspace and environment (switching either never
 * shows another one's items), then the filter (e.g. a search) if any.
 */
export function listKey(scope: QueryScope, resource: string, ...filter: string[]) {
  return [...scopeKey(scope), resource, "list", ...filter] as const;
}

/** Same workspace and environment (the first three parts of a {@link listKey}). */
function sameScope(a: QueryKey, b: QueryKey): boolean {
  return a.slice(0, 3).every((part, i) => part === b[i]);
}

/** The cached pages with `item` in place of the item of its id (pages without it are unchanged). */
export function withListItem<T extends { id: string }>(
  data: ListPages<T> | undefined,
  item: T,
): ListPages<T> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.data.some((i) => i.id === item.id)
        ? { ...page, data: page.data.map((i) => (i.id === item.id ? item : i)) }
        : page,
    ),
  };
}

export interface PagedListState<T> {
  key: QueryKey;
  query: UseInfiniteQueryResult<ListPages<T>>;
  /** Every loaded page's items, in order. */
  items: T[];
  /**
   * The item whose detail is open, looked up in the current items: an item of another workspace
   * or environment is never left open.
   */
  opened: T | undefined;
  open(id: string): void;
  close(): void;
}

/**
 * A workspace list read page by page (`starting_after` the last item), keyed by workspace,
 * environment and `filter`. While a new filter loads the previous answer stays on screen, but
 * never another workspace's or environment's.
 */
export function usePagedList<T extends { id: string }>(options: {
  auth: WorkspaceAuth;
  resource: string;
  filter?: string;
  fetchPage: PageFetcher<T>;
}): PagedListState<T> {
  const { auth, resource, filter, fetchPage } = options;
  const environmentId = useCurrentEnvironmentId();
  const [openId, setOpenId] = useState<string | null>(null);
  const key = listKey({ auth, environmentId }, resource, ...(filter === undefined ? [] : [filter]));
  const query = useInfiniteQuery<Page<T>, Error, ListPages<T>, QueryKey, string | undefined>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ startingAfter: pageParam, limit: LIST_PAGE_SIZE, signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last.has_more ? last.data.at(-1)?.id : undefined),
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameScope(previousQuery.queryKey, key) ? previous : undefined,
  });
  const items = (query.data?.pages ?? []).flatMap((p) => p.data);
  return {
    key,
    query,
    items,
    opened: openId ? items.find((i) => i.id === openId) : undefined,
    open: setOpenId,
    close: () => setOpenId(null),
  };
}

/** A column of a paged list: its header, and its cell (the data-label of the phone card). */
export interface ListColumn<T> {
  label: string;
  cell(item: T): ReactNode;
  /** The cell's tooltip (the full value of a shortened one). */
  title?(item: T): string | undefined;
  /** The cell opens the item's detail: a button with this accessible name. */
  opens?(item: T): string;
}

/** A feature's texts of its list page (each feature keeps them in its messages.ts). */
export interface PagedListTexts {
  title: string;
  intro: string;
  loading: string;
  loadFailed: string;
  loadMore: string;
  loadingMore: string;
}

/**
 * A list page: heading, intro, `toolbar` (e.g. a search), then the loading, error-with-Retry and
 * empty states or the table (cards on phones: `table-cards`) with "load more", and the open item's
 * `detail`.
 */
export function PagedList<T extends { id: string }>({
  list,
  texts,
  columns,
  empty,
  testId,
  toolbar,
  detail,
}: {
  list: PagedListState<T>;
  texts: PagedListTexts;
  columns: ListColumn<T>[];
  empty: { text: string; hint?: string | undefined };
  testId: string;
  toolbar?: ReactNode;
  detail(item: T, close: () => void): ReactNode;
}) {
  const { query, items, opened } = list;
  return (
    <div className="page" aria-busy={query.isFetching}>
      <h1>{texts.title}</h1>
      <p className="muted">{texts.intro}</p>
      {toolbar}
      {query.error ? (
        <ErrorNotice
          message={`${texts.loadFailed}: ${errorMessage(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isPending ? (
        <Loading label={texts.loading} />
      ) : items.length === 0 && !query.error ? (
        <div className="empty">
          <p>{empty.text}</p>
          {empty.hint ? <p className="muted">{empty.hint}</p> : null}
        </div>
      ) : items.length > 0 ? (
        <section className="card">
          <div className="table-scroll">
            <table className="table-cards" data-testid={testId}>
              <caption className="visually-hidden">{texts.title}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    {columns.map((c) => (
                      <td key={c.label} data-label={c.label} title={c.title?.(item)}>
                        {c.opens ? (
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={c.opens(item)}
                            onClick={() => list.open(item.id)}
                          >
                            {c.cell(item)}
                          </button>
                        ) : (
                          c.cell(item)
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
            </button>
          ) : null}
        </section>
      ) : null}
      {opened ? detail(opened, list.close) : null}
    </div>
  );
}

/** A list page's route: its view with the signed-in workspace, or why there is none. */
export function PagedListPage({ title, view }: { title: string; view(auth: WorkspaceAuth): ReactNode }) {
  const auth = useWorkspaceAuth();
  if (!auth)
    return (
      <div className="page">
        <h1>{title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );
  return <>{view(auth)}</>;
}

/** An item's fields in a detail view, label beside value. */
export function ItemFields({ rows, testId }: { rows: [string, string][]; testId?: string }) {
  return (
    <dl className="details" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="field-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
