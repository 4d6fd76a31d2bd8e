import { BINDABLE_SELECTOR } from "./elementOptions.js";

/** Calls `bind` for each bindable element below `node`, including `node` itself. */
function eachBindable(node: Node, fn: (el: HTMLElement) => void): void {
  if (!(node instanceof HTMLElement)) return;
  if (node.matches(BINDABLE_SELECTOR)) fn(node);
  for (const el of node.querySelectorAll<HTMLElement>(BINDABLE_SELECTOR)) fn(el);
}

/**
 * Binds every `[data-spay-product]` / `[data-spay-link]` element now and whenever one is added
 * later (a MutationObserver on the whole document); elements removed from the page are unbound.
 * `bind` is called once per element. Returns a function that stops watching.
 */
export function bindElements(
  doc: Document,
  bind: (el: HTMLElement) => void,
  unbind: (el: HTMLElement) => void,
): () => void {
  const bound = new Set<HTMLElement>();
  const add = (el: HTMLElement) => {
    if (bound.has(el)) return;
    bound.add(el);
    bind(el);
  };
  eachBindable(doc.documentElement, add);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) eachBindable(node, add);
      if (record.removedNodes.length === 0) continue;
      for (const el of bound) {
        if (el.isConnected) continue;
        bound.delete(el);
        unbind(el);
      }
    }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return () => observer.disconnect();
}
