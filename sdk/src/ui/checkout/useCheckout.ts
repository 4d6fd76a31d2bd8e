import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  type CheckoutController,
  type CheckoutOptions,
  type CheckoutState,
  createCheckout,
} from "../../core/checkout.js";

/** What {@link useCheckout} returns: the controller's live state and its commands. */
export interface UseCheckoutResult {
  state: CheckoutState;
  controller: CheckoutController;
}

/**
 * Binds a checkout controller (the framework-free core) to a component: one controller per
 * mounted component, its state as React state, canceled on unmount. The latest `onSuccess` /
 * `onError` props are called, not the ones of the first render.
 */
export function useCheckout(options: CheckoutOptions): UseCheckoutResult {
  const latest = useRef(options);
  latest.current = options;
  const make = () =>
    createCheckout({
      ...latest.current,
      onSuccess: (intent) => latest.current.onSuccess?.(intent),
      onError: (error) => latest.current.onError?.(error),
    });
  const [controller, setController] = useState(make);
  const canceled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: make reads the latest options by ref
  useEffect(() => {
    // StrictMode unmounts and remounts once: the canceled controller is replaced by a fresh one.
    if (canceled.current) {
      canceled.current = false;
      setController(make());
      return;
    }
    return () => {
      canceled.current = true;
      controller.cancel();
    };
  }, [controller]);
  const subscribe = useCallback((fn: () => void) => controller.subscribe(fn), [controller]);
  const getState = useCallback(() => controller.getState(), [controller]);
  const state = useSyncExternalStore(subscribe, getState, getState);
  return { state, controller };
}
