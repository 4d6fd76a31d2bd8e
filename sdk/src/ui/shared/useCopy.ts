import { useEffect, useRef, useState } from "react";
import { TIMINGS } from "../../core/messages.js";

/**
 * Copies text to the clipboard; `copied` stays true for SPEC.md §9's 2 seconds. A refused
 * clipboard is only logged (SPEC.md §8 "silent failures").
 */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (err) {
      console.warn("sPay: copy to clipboard failed", err);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyNoticeMs);
  };
  return { copied, copy };
}
