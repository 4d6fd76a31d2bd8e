import { useSyncExternalStore } from "react";

/** The phone layout of styles.css (its `@media (max-width: 640px)` blocks): keep the two in step. */
export const PHONE_MEDIA_QUERY = "(max-width: 640px)";

const matcher = (query: string) =>
  typeof window.matchMedia === "function" ? window.matchMedia(query) : null;

/** Whether `query` matches now, following changes (rotation, resizing). False where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = matcher(query);
      media?.addEventListener("change", onChange);
      return () => media?.removeEventListener("change", onChange);
    },
    () => matcher(query)?.matches ?? false,
    () => false,
  );
}
