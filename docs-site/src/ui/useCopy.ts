import { useCallback, useEffect, useRef, useState } from "react";

/** Copies text; `copied` is true for `durationMs` afterwards. A failure is only logged (SPEC.md §8). */
export function useCopy(durationMs: number): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (err) {
        console.warn("Copy to clipboard failed", err);
        return;
      }
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), durationMs);
    },
    [durationMs],
  );
  return { copied, copy };
}
