import { skipToken, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { formatTime, usd } from "../payments/payment-rules.ts";
import { truncateMiddle } from "../payments/UnmatchedTransfers.tsx";
import { scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ItemFields, type ListColumn, PagedList, PagedListPage, usePagedList } from "../ui/PagedList.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { type Customer, getCustomer, listCustomers } from "./customers-api.ts";
import { EmailText } from "./EmailText.tsx";
import { CUSTOMERS as C } from "./messages.ts";

/** Typing pauses this long before the search reaches the server. */
export const SEARCH_DEBOUNCE_MS = 300;

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

/** /customers: the workspace's customers, searchable by email, with a detail view. */
export function CustomersPage() {
  return <PagedListPage title={C.title} view={(auth) => <CustomersView auth={auth} />} />;
}

const COLUMNS: ListColumn<Customer>[] = [
  {
    label: C.columns.email,
    cell: (c) => (c.email ? <EmailText email={c.email} /> : C.noEmail),
    opens: (c) => C.view(c.email ?? c.id),
  },
  {
    label: C.columns.address,
    cell: (c) => (c.address ? <code>{truncateMiddle(c.address)}</code> : C.never),
    title: (c) => c.address ?? undefined,
  },
  { label: C.columns.payments, cell: (c) => c.payments_count },
  { label: C.columns.refunds, cell: (c) => c.refunds_count },
  { label: C.columns.lifetimeValue, cell: (c) => usd(c.lifetime_value_micros) },
  { label: C.columns.lastPayment, cell: (c) => when(c.last_payment_at) },
];

export function CustomersView({ auth }: { auth: WorkspaceAuth }) {
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const list = usePagedList({
    auth,
    resource: "customers",
    filter: search,
    fetchPage: (page) => listCustomers(auth, { search, ...page }),
  });

  return (
    <PagedList
      list={list}
      texts={C}
      columns={COLUMNS}
      testId="customers-table"
      empty={search ? { text: C.noMatch(search) } : { text: C.empty, hint: C.emptyHint }}
      toolbar={
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
      }
      detail={(c, close) => <CustomerDetail auth={auth} id={c.id} onClose={close} />}
    />
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
        [C.fields.lifetimeValue, usd(c.lifetime_value_micros)],
        [C.fields.totalPaid, usd(c.total_paid_micros)],
        [C.fields.totalRefunded, usd(c.total_refunded_micros)],
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
      {c ? <ItemFields rows={rows} testId="customer-detail" /> : null}
    </Modal>
  );
}
