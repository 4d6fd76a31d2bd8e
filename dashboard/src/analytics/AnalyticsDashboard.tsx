import { statusLabel } from "@spay/protocol";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { exportPaymentsCsv } from "../api/analytics.ts";
import { errorMessage } from "../api/http.ts";
import type { AnalyticsRange } from "../api/types.ts";
import { formatTime, statusTone, usd } from "../payments/payment-rules.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { avatarColor, cardValues, customerStatus, exportFileName, initials } from "./analytics-rules.ts";
import { ANALYTICS } from "./messages.ts";
import { RevenueChart } from "./RevenueChart.tsx";
import { useAnalyticsOverview } from "./useAnalyticsOverview.ts";

const RANGES: AnalyticsRange[] = ["7d", "30d", "3m", "1y"];
/** The column headings, also each cell's label when a row is a card on phones. */
const TX_COLUMNS = ANALYTICS.transactionColumns;
const CUSTOMER_COLUMNS = ANALYTICS.customerColumns;

/** SPEC.md §2 "Analytics dashboard", with real figures from `/v1/analytics/overview`. */
export function AnalyticsDashboard() {
  const auth = useWorkspaceAuth();
  const navigate = useNavigate();
  const [range, setRange] = useState<AnalyticsRange>("7d");
  const { overview, error: loadError, reload: load } = useAnalyticsOverview(auth, range);
  const [exportError, setError] = useState<string | null>(null);
  const error = loadError ?? exportError;
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!auth) return;
    setExporting(true);
    setError(null);
    try {
      const csv = await exportPaymentsCsv(auth, range);
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = exportFileName(range);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page" data-testid="post-live-dashboard">
      <div className="row row-between">
        <h1>{ANALYTICS.title}</h1>
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? ANALYTICS.exporting : ANALYTICS.exportData}
        </button>
      </div>
      {error ? <ErrorNotice message={error} onRetry={() => void load()} /> : null}
      {!overview && !error ? <Loading /> : null}
      {overview ? (
        <>
          <ul className="stat-grid" aria-label={ANALYTICS.title}>
            {cardValues(overview).map((c) => (
              <li key={c.label} className="card stat" data-testid={`card-${c.label}`}>
                <span className="stat-label">{c.label}</span>
                <span className="stat-value">{c.value}</span>
              </li>
            ))}
          </ul>
          <section className="card" aria-labelledby="trends-title">
            <div className="row row-between">
              <h2 id="trends-title">{ANALYTICS.revenueTrends}</h2>
              <fieldset className="chips">
                <legend className="visually-hidden">{ANALYTICS.rangeLabel}</legend>
                {RANGES.map((r) => (
                  <button
                    key={r}
                    type="button"
                    className={r === range ? "chip chip-active" : "chip"}
                    aria-pressed={r === range}
                    onClick={() => setRange(r)}
                  >
                    {ANALYTICS.ranges[r]}
                  </button>
                ))}
              </fieldset>
            </div>
            {overview.transactions === 0 ? <p className="muted">{ANALYTICS.noData}</p> : null}
            <RevenueChart overview={overview} rangeLabel={ANALYTICS.ranges[range]} />
          </section>
          <section className="card" aria-labelledby="recent-tx-title">
            <h2 id="recent-tx-title">{ANALYTICS.recentTransactions}</h2>
            <div className="table-scroll">
              <table className="table-cards" data-testid="recent-transactions">
                <thead>
                  <tr>
                    {ANALYTICS.transactionColumns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {overview.recent_transactions.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="muted">
                        {ANALYTICS.noTransactions}
                      </td>
                    </tr>
                  ) : null}
                  {overview.recent_transactions.map((t) => (
                    <tr key={t.id}>
                      <td data-label={TX_COLUMNS[0]}>
                        <code>{t.id}</code>
                      </td>
                      <td data-label={TX_COLUMNS[1]}>{usd(t.amount_micros)}</td>
                      <td data-label={TX_COLUMNS[2]}>{t.customer_email ?? ANALYTICS.guest}</td>
                      <td data-label={TX_COLUMNS[3]}>{formatTime(t.created_at)}</td>
                      <td data-label={TX_COLUMNS[4]}>
                        <span className={`badge badge-${statusTone(t.status)}`}>{statusLabel(t.status)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" className="button" onClick={() => navigate("/payments")}>
              {ANALYTICS.viewAllTransactions}
            </button>
          </section>
          <section className="card" aria-labelledby="recent-customers-title">
            <h2 id="recent-customers-title">{ANALYTICS.recentCustomers}</h2>
            <div className="table-scroll">
              <table className="table-cards" data-testid="recent-customers">
                <thead>
                  <tr>
                    {ANALYTICS.customerColumns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {overview.recent_customers.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="muted">
                        {ANALYTICS.noCustomers}
                      </td>
                    </tr>
                  ) : null}
                  {overview.recent_customers.map((c) => (
                    <tr key={c.email}>
                      <td data-label={CUSTOMER_COLUMNS[0]}>
                        <span
                          className="avatar"
                          style={{ background: avatarColor(c.email) }}
                          aria-hidden="true"
                        >
                          {initials(c.email)}
                        </span>{" "}
                        {c.email.split("@")[0]}
                      </td>
                      <td data-label={CUSTOMER_COLUMNS[1]}>{c.email}</td>
                      <td data-label={CUSTOMER_COLUMNS[2]}>{formatTime(c.last_payment_at)}</td>
                      <td data-label={CUSTOMER_COLUMNS[3]}>{usd(c.total_spent_micros)}</td>
                      <td data-label={CUSTOMER_COLUMNS[4]}>{customerStatus(c.settled_payments)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" className="button" onClick={() => navigate("/customers")}>
              {ANALYTICS.viewAllCustomers}
            </button>
          </section>
        </>
      ) : null}
      <section className="card" aria-labelledby="quick-title">
        <h2 id="quick-title">{ANALYTICS.quickActions}</h2>
        <div className="row">
          <Link to="/integrations" className="button">
            {ANALYTICS.toIntegrations}
          </Link>
          <Link to="/products" className="button">
            {ANALYTICS.toProducts}
          </Link>
          <Link to="/payments" className="button">
            {ANALYTICS.toPayments}
          </Link>
        </div>
      </section>
    </div>
  );
}
