import { SPayError, WalletError } from "@spay/sdk";
import { errorMessage } from "../api/http.ts";
import { WALLET_ERRORS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { ONBOARDING } from "./messages.ts";
import { useVerifyWallet } from "./onboarding-mutations.ts";

/** The message for a failed wallet step: the wallet's own failures are connection failures. */
export function walletStepError(err: unknown): string {
  if (err instanceof SPayError) return WALLET_ERRORS.verificationFailed(err.message);
  return WALLET_ERRORS.connectionFailed(err instanceof WalletError ? err.message : errorMessage(err));
}

/** Step 2: connect the wallet and sign the server's challenge; the server verifies and creates test keys. */
export function WalletStep() {
  const { state } = useMerchant();
  const auth = useWorkspaceAuth();
  const verify = useVerifyWallet(auth);
  const error = verify.error ? walletStepError(verify.error) : null;

  if (state.walletVerified && state.walletAddress) {
    return (
      <p className="success-text">
        {ONBOARDING.walletVerified}: <code data-testid="wallet-principal">{state.walletAddress}</code>
      </p>
    );
  }
  return (
    <div className="stack">
      <p className="muted">{ONBOARDING.walletLead}</p>
      <div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            if (auth) verify.mutate();
          }}
          disabled={verify.isPending}
        >
          {verify.isPending ? ONBOARDING.connecting : ONBOARDING.connectWallet}
        </button>
      </div>
      <div role="alert" className="error-text">
        {error}
      </div>
    </div>
  );
}
