import { Link } from "react-router-dom";
import { AnalyticsDashboard } from "../analytics/AnalyticsDashboard.tsx";
import { NAV } from "../layout/messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { GoLivePanel } from "./GoLivePanel.tsx";

/** SPEC.md §2: before go-live, the go-live panel; after it, the analytics dashboard. */
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
  return <AnalyticsDashboard />;
}
