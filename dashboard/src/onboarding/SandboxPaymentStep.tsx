import { type PaymentIntent, SPayClient } from "@spay/sdk";
import { Checkout } from "@spay/sdk/react";
import { useMemo, useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { ApiKey } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { publicBaseUrl } from "../products/public-url.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useTheme } from "../state/theme.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { ONBOARDING } from "./messages.ts";
import { useSandboxPayment } from "./onboarding-mutations.ts";

/** SPEC.md §6: a secret key is masked after its first 12 characters unless shown in full. */
export function displayKey(key: ApiKey, revealed: ApiKey[]): string {
  const full = key.key ?? revealed.find((r) => r.id === key.id)?.key;
  if (full) return full;
  return `${key.key_prefix.slice(0, 12)}${"•".repeat(12)}`;
}

/** Step 5: the test keys, and Create Test Payment paying $1 with the SDK checkout on the devnet. */
export function SandboxPaymentStep() {
  const { state, revealedKeys } = useMerchant();
  const { theme } = useTheme();
  const auth = useWorkspaceAuth();
  const sandbox = useSandboxPayment(auth);
  // The $1 intent (sandbox.create.data) is paid in the checkout while it is open.
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const intent = sandbox.create.data;
  const pays = useCan("payments.write");
  const paying = sandbox.create.isPending || (checkoutOpen && intent !== undefined);
  const error = sandbox.create.error
    ? DASHBOARD_ERRORS.sandboxFailed(errorMessage(sandbox.create.error))
    : checkoutError;
  const keys = state.apiKeys.filter((k) => k.is_active && k.env === "test");
  const publishable = keys.find((k) => k.type === "pk" && k.key)?.key;
  const client = useMemo(
    () => (publishable ? new SPayClient({ apiKey: publishable, apiUrl: publicBaseUrl() }) : null),
    [publishable],
  );

  return (
    <div className="stack">
      <p className="muted">{ONBOARDING.sandboxLead}</p>
      {keys.length === 0 ? <p className="muted">{ONBOARDING.noKeysYet}</p> : null}
      <ul className="list" aria-label="Test API keys">
        {keys.map((k) => (
          <li key={k.id} className="list-row" data-testid={`key-${k.type}`}>
            <div>
              <strong>{k.type === "sk" ? ONBOARDING.secretKey : ONBOARDING.publishableKey}</strong>
              <code className="key">{displayKey(k, revealedKeys)}</code>
            </div>
            <CopyButton text={displayKey(k, revealedKeys)} label={k.name} />
          </li>
        ))}
      </ul>
      {state.testPaymentCompleted ? (
        <p className="success-text" data-testid="test-payment-done">
          {ONBOARDING.testPaymentDone}
        </p>
      ) : null}
      <RoleNote permission="payments.write" />
      {pays ? (
        <div>
          <button
            type="button"
            className="button button-primary"
            disabled={!client || !auth || paying}
            onClick={() => {
              if (!auth) return;
              setCheckoutError(null);
              setCheckoutOpen(true);
              sandbox.create.mutate();
            }}
          >
            {ONBOARDING.createTestPayment}
          </button>
        </div>
      ) : null}
      {!client && keys.length > 0 ? <p className="error-text">{DASHBOARD_ERRORS.noActiveKeys}</p> : null}
      <div role="alert" className="error-text">
        {error}
      </div>
      {checkoutOpen && client && intent ? (
        <Checkout
          client={client}
          intent={intent}
          method="wallet"
          theme={theme}
          onSuccess={(_paid: PaymentIntent) => sandbox.paid()}
          onError={(err) => setCheckoutError(DASHBOARD_ERRORS.sandboxFailed(err.message))}
          onClose={() => setCheckoutOpen(false)}
        />
      ) : null}
    </div>
  );
}
