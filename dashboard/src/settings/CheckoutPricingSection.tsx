import { useId } from "react";
import { errorMessage } from "../api/http.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceSettings } from "../state/merchant-queries.ts";
import { useSession } from "../state/session.tsx";
import { useCan } from "../tenancy/role.tsx";
import { SETTINGS } from "./messages.ts";

/**
 * Settings → Checkout pricing: whether the workspace's publishable keys may create payment intents
 * for amounts of their own. Off by default: a publishable key sits in every visitor's
 * browser, so without this setting it may only sell a product or payment link at its catalogue price.
 */
export function CheckoutPricingSection() {
  const { token } = useSession();
  const { state } = useMerchant();
  const hintId = useId();
  const save = useWorkspaceSettings(token);
  // The page's note says whose setting it is; the switch shows its state to everyone.
  const edits = useCan("settings.write");
  const workspace = state.workspaces.find((w) => w.id === state.currentWorkspaceId);
  if (!workspace || !token) return null;
  const allowed = workspace.allow_browser_amounts === true;

  const toggle = (allow: boolean) =>
    save.mutate({ workspaceId: workspace.id, settings: { allow_browser_amounts: allow } });
  const error = save.error ? SETTINGS.browserAmountsFailed(errorMessage(save.error)) : null;

  return (
    <section className="card" aria-labelledby="checkout-pricing-title">
      <h2 id="checkout-pricing-title">{SETTINGS.checkoutPricing}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={allowed}
          aria-describedby={hintId}
          checked={allowed}
          disabled={save.isPending || !edits}
          onChange={(e) => toggle(e.target.checked)}
        />
        {SETTINGS.browserAmounts}
      </label>
      <p id={hintId} className="muted">
        {SETTINGS.browserAmountsHint}
      </p>
      <p role="status" data-testid="browser-amounts-state">
        {allowed ? SETTINGS.browserAmountsOn : SETTINGS.browserAmountsOff}
      </p>
      {error ? (
        <p role="alert" className="error-box">
          {error}
        </p>
      ) : null}
    </section>
  );
}
