import { SPayError, WalletError } from "@spay/sdk";
import { useState } from "react";
import { errorMessage } from "../api/http.ts";
import { verifyPayoutWallet } from "../api/onboarding.ts";
import { signWalletChallenge } from "../auth/wallet-signature.ts";
import { WALLET_ERRORS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { ONBOARDING } from "./messages.ts";

/** The message for a failed wallet step: the wallet's own failures are connection failures. */
export function walletStepError(err: unknown): string {
  if (err instanceof SPayError) return WALLET_ERRORS.verificationFailed(err.message);
  return WALLET_ERRORS.connectionFailed(err instanceof WalletError ? err.message : errorMessage(err));
}

/** Step 2: connect the wallet and sign the server's challenge; the server verifies and creates test keys. */
export function WalletStep() {
  const { token } = useSession();
  const { state, refreshWorkspace, revealKeys, update } = useMerchant();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const connect = async () => {
    if (!token || !state.currentWorkspaceId) return;
    setBusy(true);
    setError(null);
    try {
      const signed = await signWalletChallenge("payout_wallet");
      const verified = await verifyPayoutWallet(token, state.currentWorkspaceId, signed);
      revealKeys(verified.api_keys);
      update({ walletAddress: verified.wallet.stacks_address, walletVerified: true });
      await refreshWorkspace();
    } catch (err) {
      setError(walletStepError(err));
    } finally {
      setBusy(false);
    }
  };

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
        <button type="button" className="button button-primary" onClick={connect} disabled={busy}>
          {busy ? ONBOARDING.connecting : ONBOARDING.connectWallet}
        </button>
      </div>
      <div role="alert" className="error-text">
        {error}
      </div>
    </div>
  );
}
