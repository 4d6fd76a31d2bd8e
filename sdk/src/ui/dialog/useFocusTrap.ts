import { type KeyboardEvent, type RefObject, useEffect } from "react";
import { activeElementOf, focusableIn } from "./focusable.js";

/**
 * Modal focus handling (WAI-ARIA dialog pattern): on open, focus moves to the first control inside
 * `ref` (or the panel itself); Tab and Shift+Tab wrap around inside it; on close, focus returns to
 * whatever had it before. Returns the keydown handler the panel must carry.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  onEscape: () => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const previous = activeElementOf(panel);
    (focusableIn(panel)[0] ?? panel).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);

  return (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      event.preventDefault();
      onEscape();
      return;
    }
    const panel = ref.current;
    if (event.key !== "Tab" || !panel) return;
    // A dialog opened inside another (the checkout over the buy dialog) handles its own Tab.
    event.stopPropagation();
    const items = focusableIn(panel);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = activeElementOf(panel);
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
