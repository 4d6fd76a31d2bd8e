import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { PaymentFilter } from "../api/types.ts";
import { PHONE_MEDIA_QUERY, useMediaQuery } from "../layout/use-media-query.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { ChainsProvider } from "./chains.tsx";
import { PAYMENTS } from "./messages.ts";
import { PaymentCard } from "./PaymentCard.tsx";
import { PaymentDetailModal } from "./PaymentDetailModal.tsx";
import { emptyFilterText, PAYMENT_FILTERS } from "./payment-rules.ts";
import { UnmatchedTransfers } from "./UnmatchedTransfers.tsx";
import { usePayments } from "./usePayments.ts";
import { VirtualList } from "./VirtualList.tsx";

/** Height of one payment card row (card plus gap), px: the virtual list needs it fixed. */
export const PAYMENT_ROW_HEIGHT = 176;
/** On phones the badges and meta lines of a card wrap: a taller row, so nothing is clipped. */
export const PAYMENT_ROW_HEIGHT_PHONE = 240;

function isFilter(value: string | null): value is PaymentFilter {
  return PAYMENT_FILTERS.includes(value as PaymentFilter);
}

/** SPEC.md §2 "Payments": filter chips with counts, Refresh, empty states, live payment cards, details. */
export function PaymentsPage() {
  const auth = useWorkspaceAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get("filter");
  const filter: PaymentFilter = isFilter(requested) ? requested : "all";
  const list = usePayments(auth, filter);
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);

  if (!auth)
    return (
      <div className="page">
        <h1>{PAYMENTS.title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );
  return (
    <ChainsProvider>
      <div className="page">
        <div className="row row-between">
          <h1>{PAYMENTS.title}</h1>
          <button type="button" className="button" onClick={list.refresh}>
            {PAYMENTS.refresh}
          </button>
        </div>
        <fieldset className="chips">
          <legend className="visually-hidden">{PAYMENTS.filtersLabel}</legend>
          {PAYMENT_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={f === filter ? "chip chip-active" : "chip"}
              aria-pressed={f === filter}
              onClick={() => setParams(f === "all" ? {} : { filter: f })}
              data-testid={`chip-${f}`}
            >
              {PAYMENTS.filters[f]} <span className="chip-count">{list.counts ? list.counts[f] : "…"}</span>
            </button>
          ))}
        </fieldset>
        {list.error ? <ErrorNotice message={list.error} onRetry={list.refresh} /> : null}
        {list.loading ? (
          <Loading />
        ) : list.items.length === 0 && !list.error ? (
          <div className="empty card">
            {filter === "all" ? (
              <p>{PAYMENTS.empty}</p>
            ) : (
              <>
                <p>{emptyFilterText(filter)}</p>
                <p className="muted">{PAYMENTS.tryOtherFilter}</p>
              </>
            )}
          </div>
        ) : (
          <VirtualList
            items={list.items}
            rowHeight={phone ? PAYMENT_ROW_HEIGHT_PHONE : PAYMENT_ROW_HEIGHT}
            hasMore={list.hasMore}
            onNearEnd={list.loadMore}
            label={PAYMENTS.title}
            getKey={(payment) => payment.id}
            renderRow={(payment) => <PaymentCard payment={payment} onOpen={setOpenId} />}
            footer={
              list.loadingMore ? (
                <p className="muted" role="status">
                  {PAYMENTS.loadingMore}
                </p>
              ) : null
            }
          />
        )}
        <UnmatchedTransfers auth={auth} />
        {openId ? (
          <PaymentDetailModal
            auth={auth}
            id={openId}
            onChanged={list.replace}
            onClose={() => setOpenId(null)}
          />
        ) : null}
      </div>
    </ChainsProvider>
  );
}
