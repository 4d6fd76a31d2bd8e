import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates the pre-rendered landing page (and in the build-time render), true
 * after: markup that depends on the visitor (the theme toggle reads the stored theme) renders only
 * then, so the hydrated tree matches the built HTML. True at once in a client-only render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
