import { useEffect, useRef, useState } from "react";
import { CHECKOUT_MESSAGES, TIMINGS, WALLET_MESSAGES, X402_MESSAGES } from "../../core/messages.js";
import type { X402Scheme } from "../../core/types.js";

/** SPEC.md §4 "x402 checkout": pending → sending → verifying → success, any failure → error. */
export type X402Step = "pending" | "sending" | "verifying" | "success" | "error";

/** Where the x402 payment is, with its txid or error text. */
export interface X402FlowState {
  step: X402Step;
  txid: string | null;
  error: string | null;
}

/** Inputs of {@link useX402Flow}; the latest values are used at each step. */
export interface X402FlowOptions {
  scheme: X402Scheme | undefined;
  /** Sends the transfer from the payer's wallet; resolves with its txid. */
  payWithWallet: ((scheme: X402Scheme) => Promise<{ txid: string }>) | undefined;
  /** Confirms the transfer (default: SPEC.md's 2-second wait). Throwing fails the payment. */
  verify: ((txid: string, scheme: X402Scheme) => Promise<void>) | undefined;
  onSuccess: ((txid: string) => void) | undefined;
  /** Called 3 s after success (SPEC.md §9 auto-close). */
  onClose: () => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The x402 overlay's payment steps, timers cleared on unmount. */
export function useX402Flow(options: X402FlowOptions): {
  state: X402FlowState;
  pay: () => Promise<void>;
  retry: () => void;
} {
  const [state, setState] = useState<X402FlowState>({ step: "pending", txid: null, error: null });
  const live = useRef(true);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => {
    if (state.step !== "success") return;
    const timer = setTimeout(() => latest.current.onClose(), TIMINGS.x402AutoCloseMs);
    return () => clearTimeout(timer);
  }, [state.step]);

  const set = (next: X402FlowState) => {
    if (live.current) setState(next);
  };

  const pay = async () => {
    const { scheme, payWithWallet, verify, onSuccess } = latest.current;
    if (!scheme || !payWithWallet) {
      set({ step: "error", txid: null, error: X402_MESSAGES.invalidRequirements });
      return;
    }
    set({ step: "sending", txid: null, error: null });
    let txid: string;
    try {
      txid = (await payWithWallet(scheme)).txid;
    } catch (err) {
      set({ step: "error", txid: null, error: messageOf(err, WALLET_MESSAGES.walletPaymentFailed) });
      return;
    }
    set({ step: "verifying", txid, error: null });
    try {
      await (verify ? verify(txid, scheme) : wait(TIMINGS.verifyWaitMs));
    } catch (err) {
      set({ step: "error", txid, error: messageOf(err, CHECKOUT_MESSAGES.verifyPaymentFailed) });
      return;
    }
    set({ step: "success", txid, error: null });
    if (live.current) onSuccess?.(txid);
  };

  const retry = () => set({ step: "pending", txid: null, error: null });
  return { state, pay, retry };
}
