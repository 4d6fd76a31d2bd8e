import { parseTheme, type Theme } from "../ui/theme/theme.js";

/** What an element asks for through its `data-spay-*` attributes. */
export interface ElementOptions {
  productId?: string | undefined;
  linkId?: string | undefined;
  view: "card" | "button";
  theme?: Theme | undefined;
}

/** The elements the drop-in binds by itself. */
export const BINDABLE_SELECTOR = "[data-spay-product],[data-spay-link]";

/**
 * `data-spay-product="prod_…"` or `data-spay-link="plink_…"`, `data-spay-view="card|button"`
 * (default card), and an optional per-element `data-spay-theme`.
 */
export function readElementOptions(el: HTMLElement): ElementOptions {
  const { spayProduct, spayLink, spayView, spayTheme } = el.dataset;
  return {
    productId: spayProduct?.trim() || undefined,
    linkId: spayLink?.trim() || undefined,
    view: spayView === "button" ? "button" : "card",
    theme: spayTheme ? parseTheme(spayTheme) : undefined,
  };
}
