import { useCallback, useEffect, useRef, useState } from "react";

/** SPEC.md §9: copy notices last 2 s. */
export const COPY_NOTICE_MS = 2000;

/** Copies text to the clipboard; `copied` is true for 2 s after a successful copy. */
export function useCopy(): { copied: boolean; failed: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    } catch (err) {
      console.warn("copy failed", err);
      setFailed(true);
    }
  }, []);
  return { copied, failed, copy };
}
