import { useCallback, useEffect, useState } from "react";

/** SPEC.md §4: blog load states. */
export type LoadState<T> = { status: "loading" } | { status: "loaded"; data: T } | { status: "error" };

/**
 * Loads blog data with `load`, starting from what is cached (`peek`), again whenever `key` changes
 * (a new slug) and on `retry`.
 */
export function useBlogData<T>(
  key: string,
  peek: () => T | undefined,
  load: () => Promise<T>,
): { state: LoadState<T>; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const cached = peek();
  const [state, setState] = useState<LoadState<T>>(
    cached === undefined ? { status: "loading" } : { status: "loaded", data: cached },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on a new key or a retry only.
  useEffect(() => {
    let current = true;
    const known = peek();
    setState(known === undefined ? { status: "loading" } : { status: "loaded", data: known });
    if (known !== undefined) return;
    load().then(
      (data) => {
        if (current) setState({ status: "loaded", data });
      },
      (err: unknown) => {
        console.error("Blog load failed", err);
        if (current) setState({ status: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
