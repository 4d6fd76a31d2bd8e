import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { dollars, formatTime } from "../payments/payment-rules.ts";
import { truncateMiddle } from "../payments/UnmatchedTransfers.tsx";
import { scopeKey } from "../state/query-scope.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { type Customer, getCustomer, listCustomers } from "./customers-api.ts";
import { CUSTOMERS as C } from "./messages.ts";

/** Typing pauses this long before the search reaches the server. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 50;

/** `value`, once it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const when = (seconds: number | null) => (seconds ? formatTime(seconds) : C.never);

/** /customers (issue 19): the workspace's customers, searchable by email, with a detail view. */
export function CustomersPage() {
  const auth = useWorkspaceAuth();
  if (!auth)
    return (
      <div className="page">
        <h1>{C.title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );
  return <CustomersView auth={auth} />;
}

export function CustomersView({ auth }: { auth: WorkspaceAuth }) {
  const environmentId = useCurrentEnvironmentId();
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [openId, setOpenId] = useState<string | null>(null);
  const searchId = useId();

  const list = useInfiniteQuery({
    queryKey: [...scopeKey({ auth, environmentId }), "customers", "list", search],
    queryFn: ({ pageParam, signal }) =>
      listCustomers(auth, { search, startingAfter: pageParam, limit: PAGE_SIZE, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<Customer>) => (last.has_more ? last.data.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.data);

  return (
    <div className="page" aria-busy={list.isFetching}>
      <h1>{C.title}</h1>
      <p className="muted">{C.intro}</p>
      <div className="field">
        <label htmlFor={searchId}>{C.search}</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          placeholder={C.searchPlaceholder}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      {list.error ? (
        <ErrorNotice
          message={`${C.loadFailed}: ${errorMessage(list.error)}`}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isPending ? (
        <Loading label={C.loading} />
      ) : items.length === 0 && !list.error ? (
        <div className="empty">
          <p>{search ? C.noMatch(search) : C.empty}</p>
          {search ? null : <p className="muted">{C.emptyHint}</p>}
        </div>
      ) : items.length > 0 ? (
        <section className="card">
          <div className="table-scroll">
            <table className="table-cards" data-testid="customers-table">
              <caption className="visually-hidden">{C.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{C.columns.email}</th>
                  <th scope="col">{C.columns.address}</th>
                  <th scope="col">{C.columns.payments}</th>
                  <th scope="col">{C.columns.refunds}</th>
                  <th scope="col">{C.columns.lifetimeValue}</th>
                  <th scope="col">{C.columns.lastPayment}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id}>
                    <td data-label={C.columns.email}>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={C.view(c.email ?? c.id)}
                        onClick={() => setOpenId(c.id)}
                      >
                        {c.email ?? C.noEmail}
                      </button>
                    </td>
                    <td data-label={C.columns.address} title={c.address ?? undefined}>
                      {c.address ? <code>{truncateMiddle(c.address)}</code> : C.never}
                    </td>
                    <td data-label={C.columns.payments}>{c.payments_count}</td>
                    <td data-label={C.columns.refunds}>{c.refunds_count}</td>
                    <td data-label={C.columns.lifetimeValue}>{dollars(c.lifetime_value)}</td>
                    <td data-label={C.columns.lastPayment}>{when(c.last_payment_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? C.loadingMore : C.loadMore}
            </button>
          ) : null}
        </section>
      ) : null}
      {openId ? <CustomerDetail auth={auth} id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function CustomerDetail({ auth, id, onClose }: { auth: WorkspaceAuth; id: string; onClose(): void }) {
  const environmentId = useCurrentEnvironmentId();
  const customer = useQuery({
    queryKey: [...scopeKey({ auth, environmentId }), "customers", "detail", id],
    queryFn: id ? ({ signal }) => getCustomer(auth, id, signal) : skipToken,
  });
  const c = customer.data;
  const rows: [string, string][] = c
    ? [
        [C.fields.id, c.id],
        [C.fields.email, c.email ?? C.noEmail],
        [C.fields.address, c.address ?? C.never],
        [C.fields.lifetimeValue, dollars(c.lifetime_value)],
        [C.fields.totalPaid, dollars(c.total_paid)],
        [C.fields.totalRefunded, dollars(c.total_refunded)],
        [C.fields.payments, String(c.payments_count)],
        [C.fields.refunds, String(c.refunds_count)],
        [C.fields.firstPayment, when(c.first_payment_at)],
        [C.fields.lastPayment, when(c.last_payment_at)],
      ]
    : [];
  return (
    <Modal title={C.details} onClose={onClose}>
      {customer.error ? (
        <ErrorNotice
          message={`${C.detailFailed}: ${errorMessage(customer.error)}`}
          onRetry={() => void customer.refetch()}
        />
      ) : null}
      {customer.isPending ? <Loading /> : null}
      {c ? (
        <dl className="details" data-testid="customer-detail">
          {rows.map(([label, value]) => (
            <div key={label} className="field-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Modal>
  );
}
