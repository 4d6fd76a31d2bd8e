import { Link } from "react-router-dom";
import { ONBOARDING } from "../onboarding/messages.ts";
import { setupDoneNotice, stepStates } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useCurrentEnvironmentType } from "../tenancy/environments.tsx";

/** Before go-live: what is left; after: the live notice. */
export function GoLivePanel() {
  const { state } = useMerchant();
  const steps = stepStates(state);
  const environmentType = useCurrentEnvironmentType();
  if (state.isLive) {
    const notice = setupDoneNotice(environmentType);
    return (
      <section className="card card-success" aria-labelledby="live-title" data-testid="live-panel">
        <h2 id="live-title">{notice.title}</h2>
        <p>{notice.lead}</p>
        <Link to="/payments" className="button">
          {ONBOARDING.toPayments}
        </Link>{" "}
        <Link to="/dashboard" className="button button-primary">
          Go to Dashboard
        </Link>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="golive-title" data-testid="go-live-panel">
      <h2 id="golive-title">{ONBOARDING.goLiveTitle}</h2>
      <p>{ONBOARDING.goLiveLead}</p>
      <p className="muted">
        {steps.filter((s) => s.done).length} / {steps.length}
      </p>
    </section>
  );
}
