import { SPayError, WalletError } from "@spay/sdk";
import { errorMessage } from "../api/http.ts";
import { WALLET_ERRORS } from "../messages.ts";
import { isStepUpCanceled, useStepUp } from "../security/useStepUp.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
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
  // Setting the payout wallet may need the second factor proved first.
  const stepUp = useStepUp();
  const verify = useVerifyWallet(auth, stepUp.run);
  const error = verify.error && !isStepUpCanceled(verify.error) ? walletStepError(verify.error) : null;
  // The payout wallet receives every payment: only owners and admins set it.
  const sets = useCan("payout_wallet.write");

  if (state.walletVerified && state.walletAddress) {
    return (
      <p className="success-text">
        {ONBOARDING.walletVerified}: <code data-testid="wallet-principal">{state.walletAddress}</code>
      </p>
    );
  }
  if (!sets) return <RoleNote permission="payout_wallet.write" />;
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
      {stepUp.dialog}
    </div>
  );
}
