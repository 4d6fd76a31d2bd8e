import { Link } from "react-router-dom";
import { NAV, POST_LIVE } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { GoLivePanel } from "./GoLivePanel.tsx";

/**
 * SPEC.md §2: after go-live, Revenue Analytics placeholders, an empty Recent Customers table and
 * Quick Actions; before go-live, the go-live panel. (The analytics dashboard is part 2.)
 */
export function DashboardPage() {
  const { state } = useMerchant();
  if (!state.isLive) {
    return (
      <div className="page">
        <h1>{NAV.dashboard}</h1>
        <GoLivePanel />
        <Link to="/getting-started" className="button">
          {NAV.gettingStarted}
        </Link>
      </div>
    );
  }
  const cards = [
    { label: POST_LIVE.totalRevenue, value: "$0.00" },
    { label: POST_LIVE.transactions, value: "0" },
    { label: POST_LIVE.successRate, value: "--%" },
    { label: POST_LIVE.customers, value: "0" },
  ];
  return (
    <div className="page" data-testid="post-live-dashboard">
      <div className="row row-between">
        <h1>{NAV.dashboard}</h1>
        <button type="button" className="button">
          {POST_LIVE.exportData}
        </button>
      </div>
      <section aria-labelledby="revenue-title">
        <h2 id="revenue-title">{POST_LIVE.revenueTitle}</h2>
        <ul className="stat-grid">
          {cards.map((c) => (
            <li key={c.label} className="card stat">
              <span className="stat-label">{c.label}</span>
              <span className="stat-value">{c.value}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="customers-title">
        <h2 id="customers-title">{POST_LIVE.recentCustomers}</h2>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                {POST_LIVE.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={POST_LIVE.columns.length} className="muted">
                  {POST_LIVE.noCustomers}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="quick-title">
        <h2 id="quick-title">{POST_LIVE.quickActions}</h2>
        <div className="row">
          <Link to="/integrations" className="button">
            {POST_LIVE.toIntegrations}
          </Link>
          <Link to="/products" className="button">
            {POST_LIVE.toProducts}
          </Link>
        </div>
      </section>
    </div>
  );
}
