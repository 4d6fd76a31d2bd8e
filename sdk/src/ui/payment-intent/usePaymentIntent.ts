import { useEffect, useState } from "react";
import type { SPayClient } from "../../core/client.js";
import type { PaymentIntent } from "../../core/types.js";

/** What {@link usePaymentIntent} knows about the intent. */
export interface PaymentIntentState {
  intent: PaymentIntent | null;
  error: Error | null;
  /** True until the first version of the intent arrived (or loading failed). */
  loading: boolean;
}

/**
 * Follows a payment intent live (server-sent events, polling as fallback) until it reaches a
 * terminal status; re-renders with every new version. Stops on unmount or when `id` changes. `id`
 * is the intent's client secret (what a publishable key needs) or, with a secret key, its id.
 */
export function usePaymentIntent(client: SPayClient, id: string | null | undefined): PaymentIntentState {
  const [state, setState] = useState<PaymentIntentState>({ intent: null, error: null, loading: Boolean(id) });
  useEffect(() => {
    if (!id) {
      setState({ intent: null, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setState({ intent: null, error: null, loading: true });
    client
      .waitForStatus(id, {
        signal: controller.signal,
        onUpdate: (intent) => {
          if (!controller.signal.aborted) setState({ intent, error: null, loading: false });
        },
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof Error ? err : new Error(String(err));
        setState((s) => ({ ...s, error, loading: false }));
      });
    return () => controller.abort();
  }, [client, id]);
  return state;
}
