import { loadWallet, WalletError } from "@spay/sdk";
import { type SignedChallenge, walletChallenge } from "../api/auth.ts";
import { WALLET_ERRORS } from "../messages.ts";

const STACKS_ADDRESS = /^S[PMTN][0-9A-HJKMNP-Z]{20,50}$/;

/**
 * Connects the wallet, asks the server for a single-use challenge and has the wallet sign it
 * (SPEC.md §4 "Wallet flow"); the server verifies the signature. Used by wallet sign-in and by
 * the payout wallet step.
 */
export async function signWalletChallenge(purpose: "sign_in" | "payout_wallet"): Promise<SignedChallenge> {
  const wallet = await loadWallet();
  const { stxAddress } = await wallet.connect();
  if (!STACKS_ADDRESS.test(stxAddress)) throw new WalletError(WALLET_ERRORS.noStacksAddress, -31000);
  const challenge = await walletChallenge(stxAddress, purpose);
  const { signature, publicKey } = await wallet.signMessage(challenge.message);
  return {
    address: stxAddress,
    signature: signature.replace(/^0x/, ""),
    public_key: publicKey,
    nonce: challenge.nonce,
  };
}
