import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

/** A component rendered into an element's shadow root. */
export interface ShadowMount {
  render: (node: ReactNode) => void;
  unmount: () => void;
}

/** One root per shadow root: mounting the same element again re-renders instead of stacking. */
const roots = new WeakMap<ShadowRoot, Root>();

/**
 * Renders into `host`'s shadow root (created open when missing), so the merchant's CSS cannot
 * reach the card or its overlays and theirs cannot leak out.
 */
export function mountInShadow(host: HTMLElement): ShadowMount {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  let root = roots.get(shadow);
  if (!root) {
    root = createRoot(shadow);
    roots.set(shadow, root);
  }
  const own = root;
  return {
    render: (node) => own.render(node),
    unmount: () => {
      if (roots.get(shadow) !== own) return;
      roots.delete(shadow);
      own.unmount();
    },
  };
}
