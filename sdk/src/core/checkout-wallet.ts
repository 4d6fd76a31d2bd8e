import type { SPayClient } from "./client.js";
import { isRetryable, SPayError } from "./errors.js";
import { randomKey } from "./http.js";
import { CHECKOUT_MESSAGES, WALLET_MESSAGES } from "./messages.js";
import type { PaymentIntent, WalletInfo } from "./types.js";
import { sleep } from "./wait-for-status.js";
import { loadWallet } from "./wallet/index.js";
import { WalletError } from "./wallet/wallet-error.js";

/** A wallet payment of the checkout controller, and what it reports while it runs. */
export interface WalletPayment {
  client: SPayClient;
  intent: PaymentIntent;
  walletId?: WalletInfo["id"] | undefined;
  /** The wallet gave the payer's address and is now asked to send. */
  sending(): void;
  /** The wallet broadcast the transfer. */
  sent(txid: string): void;
}

const SUBMIT_ATTEMPTS = 3;

/**
 * The wallet half of the checkout controller, loaded on the first wallet payment (the QR path never
 * needs it): connect (`getAddresses`), send the transfer, then report its txid to the server
 * (retried, with one idempotency key). Resolves with the intent the server returned; rejects with
 * the error to show — the wallet's mapped text, or the failed step's (SPEC.md §8).
 */
export async function payWithWallet(payment: WalletPayment): Promise<PaymentIntent> {
  const { client, intent, walletId } = payment;
  let stage: "connect" | "send" | "submit" = "connect";
  try {
    const wallet = await loadWallet();
    const { stxAddress } = await wallet.connect(walletId);
    stage = "send";
    payment.sending();
    const { txid } = await wallet.payIntent(intent, walletId, { sender: stxAddress });
    payment.sent(txid);
    stage = "submit";
    const idempotencyKey = randomKey(); // one key for every attempt: a retry never runs twice
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.submitTransaction(intent.client_secret || intent.id, txid, "wallet", {
          idempotencyKey,
        });
      } catch (err) {
        if (attempt >= SUBMIT_ATTEMPTS || !isRetryable(err)) throw err;
        await sleep(1_000 * attempt);
      }
    }
  } catch (err) {
    throw walletFailure(stage, err, intent);
  }
}

/** The error a failed wallet payment reports: the wallet's mapped text, or the step's fallback. */
function walletFailure(stage: "connect" | "send" | "submit", err: unknown, intent: PaymentIntent): Error {
  if (err instanceof WalletError) return err;
  if (stage === "submit") {
    const text =
      err instanceof SPayError && err.status > 0 ? err.message : WALLET_MESSAGES.walletPaymentFailed;
    return new Error(text, { cause: err });
  }
  if (stage === "connect") return new Error(CHECKOUT_MESSAGES.connectWalletFailed, { cause: err });
  return new Error(
    intent.asset === "sbtc" ? WALLET_MESSAGES.sbtcTransferFailed : WALLET_MESSAGES.walletPaymentFailed,
    { cause: err },
  );
}
