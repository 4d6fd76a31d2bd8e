import { type CheckoutState, stateForIntent } from "./checkout-state.js";
import { payWithWallet } from "./checkout-wallet.js";
import type { SPayClient } from "./client.js";
import { SPayError } from "./errors.js";
import { lazyModule } from "./lazy.js";
import { CHECKOUT_MESSAGES } from "./messages.js";
import type { CreatePaymentIntentParams, PaymentIntent, WalletInfo } from "./types.js";
import { isTerminalStatus, type StatusTransport } from "./wait-for-status.js";

export type { CheckoutPhase, CheckoutState } from "./checkout-state.js";

/** Options of {@link createCheckout}. */
export interface CheckoutOptions {
  client: SPayClient;
  /** An intent created elsewhere (e.g. by the merchant's server); otherwise `params` creates one. */
  intent?: PaymentIntent;
  params?: CreatePaymentIntentParams;
  /** Called once, when the intent is settled. */
  onSuccess?(intent: PaymentIntent): void;
  /** Called with an error whose message is the text to show (SPEC.md §8). */
  onError?(error: Error): void;
  /** How to follow the intent's status (default `auto`: SSE, polling as fallback). */
  transport?: StatusTransport;
}

/** A framework-free checkout: UI bindings render its state and call its actions. */
export interface CheckoutController {
  getState(): CheckoutState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: CheckoutState) => void): () => void;
  /**
   * Creates the intent (unless one was given), checks its `spay_url`, then follows its status live.
   * Resolves with the intent as soon as it can be paid; rejects (and calls `onError`) on failure.
   */
  start(): Promise<PaymentIntent>;
  /** Pays with a browser wallet: connecting → sending → the server's status. Never rejects. */
  payWithWallet(walletId?: WalletInfo["id"]): Promise<void>;
  /** Switches the displayed method (QR code or wallet). */
  setMethod(method: CheckoutState["method"]): void;
  /** Clears a shown error ('Try Again') and returns to the phase the intent's status means. */
  clearError(): void;
  /** Stops following the intent (the overlay closed). The intent itself stays payable. */
  cancel(): void;
}

/**
 * The wallet payment steps (./checkout-wallet.ts), bundled with the controller; they load the
 * wallet module (`@stacks/connect`) on demand.
 */
const walletSteps = lazyModule({ payWithWallet });

/** Creates a {@link CheckoutController}. Nothing happens until `start()` or `payWithWallet()`. */
export function createCheckout(options: CheckoutOptions): CheckoutController {
  const { client } = options;
  let state: CheckoutState = { phase: "idle", intent: null, txid: null, error: null, method: "qr" };
  const listeners = new Set<(state: CheckoutState) => void>();
  let starting: Promise<PaymentIntent> | null = null;
  let follower: AbortController | null = null;
  let paying = false;
  let stopped = false;
  let succeeded = false;

  const set = (next: CheckoutState) => {
    if (stopped) return;
    state = next;
    if (next.phase === "settled" && next.intent && !succeeded) {
      succeeded = true;
      options.onSuccess?.(next.intent);
    }
    for (const listener of listeners) listener(state);
  };

  const fail = (error: Error): Error => {
    set({ ...state, phase: "error", error: error.message });
    if (!stopped) options.onError?.(error);
    return error;
  };

  /** (Re)starts following; a new follower makes any answer of the previous one stale. */
  const follow = (intent: PaymentIntent) => {
    follower?.abort();
    if (stopped || isTerminalStatus(intent)) return;
    const controller = new AbortController();
    follower = controller;
    client
      .waitForStatus(intent.client_secret || intent.id, {
        signal: controller.signal,
        ...(options.transport ? { transport: options.transport } : {}),
        onUpdate: (pi) => {
          if (follower === controller) set(stateForIntent(state, pi));
        },
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          fail(new Error(CHECKOUT_MESSAGES.verifyPaymentFailed, { cause: err }));
      });
  };

  const run = async (): Promise<PaymentIntent> => {
    let intent = options.intent ?? null;
    if (!intent) {
      set({ ...state, phase: "creating", error: null });
      try {
        if (!options.params) throw new TypeError("createCheckout needs `intent` or `params`");
        intent = await client.createPaymentIntent(options.params);
      } catch (err) {
        throw fail(new Error(createFailureText(err), { cause: err }));
      }
    }
    if (!intent.spay_url) throw fail(new Error(CHECKOUT_MESSAGES.intentMissingSpayUrl));
    set(stateForIntent({ ...state, error: null }, intent));
    follow(intent);
    return intent;
  };

  const start = (): Promise<PaymentIntent> => {
    if (stopped) {
      stopped = false; // reopened after cancel(): follow again
      if (starting && state.intent) follow(state.intent);
    }
    starting ??= run().catch((err: unknown) => {
      starting = null;
      throw err;
    });
    return starting;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    async payWithWallet(walletId) {
      if (paying) return;
      let intent: PaymentIntent;
      try {
        intent = state.intent ?? (await start());
      } catch {
        return; // start() already reported it
      }
      if (state.phase !== "awaiting_payment" && state.phase !== "error") return;
      paying = true;
      set({ ...state, method: "wallet", phase: "connecting", error: null });
      try {
        const steps = await walletSteps.load().catch((err: unknown) => {
          throw new Error(CHECKOUT_MESSAGES.connectWalletFailed, { cause: err });
        });
        const updated = await steps.payWithWallet({
          client,
          intent,
          walletId,
          sending: () => set({ ...state, phase: "sending" }),
          sent: (txid) => set({ ...state, txid }),
        });
        paying = false;
        // The server has the transfer now: open again means the chain already refused it, shown as
        // failed rather than as a wallet still sending.
        set(stateForIntent({ ...state, phase: "broadcast" }, updated));
        follow(updated);
      } catch (err) {
        paying = false;
        fail(err as Error);
      }
    },
    setMethod(method) {
      set({ ...state, method });
    },
    clearError() {
      if (!state.error) return;
      // With an intent, its status decides the phase (waiting for payment when still open).
      const base: CheckoutState = { ...state, error: null, phase: "idle" };
      set(state.intent ? stateForIntent(base, state.intent) : base);
    },
    cancel() {
      follower?.abort();
      follower = null;
      stopped = true;
    },
  };
}

/** SPEC.md §8 "Checkout alerts" for a failed creation. */
function createFailureText(err: unknown): string {
  if (err instanceof SPayError) {
    if (err.code === "network_error") return CHECKOUT_MESSAGES.createIntentNetwork;
    if (err.code === "api_key_required") return CHECKOUT_MESSAGES.workspaceKeyRequired;
    if (err.code === "payout_wallet_missing") return CHECKOUT_MESSAGES.merchantWalletMissing;
  }
  return CHECKOUT_MESSAGES.createIntentFailed;
}
