import type { ReactNode } from "react";

/**
 * A table wider than a phone scrolls sideways in its own box. The box is a named region (a labelled section) in the tab
 * order: a keyboard user can focus it and scroll with the arrow keys (WCAG 2.1.1; axe-core's
 * scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
