import { SPayClient } from "../core/client.js";
import { createSPayGlobal } from "./api.js";
import { bindElements } from "./bindElements.js";
import { readElementOptions } from "./elementOptions.js";
import { findOwnScript, readScriptConfig } from "./scriptConfig.js";

/**
 * Sets the drop-in up from its script tag (`script`, passed by spay.js, else found in `doc`): the
 * API client (`data-spay-key`, `data-spay-api`), `window.SPay`, and every `[data-spay-product]` /
 * `[data-spay-link]` element, now and when added later. Loading the script twice is harmless.
 * Returns a function that stops watching the page and removes `window.SPay` (tests, SPA teardown).
 */
export function installSPay(
  doc: Document = document,
  script: HTMLScriptElement | null = findOwnScript(doc),
): () => void {
  if (window.SPay) return () => {};
  const config = readScriptConfig(script, doc.baseURI);
  const client = new SPayClient({ apiKey: config.apiKey ?? "", apiUrl: config.apiUrl });
  const spay = createSPayGlobal(client, { theme: config.theme });
  window.SPay = spay;
  const handles = new WeakMap<HTMLElement, { close(): void }>();
  let stop = () => {};
  const start = () => {
    stop = bindElements(
      doc,
      (el) => {
        const { productId, linkId, view, theme } = readElementOptions(el);
        handles.set(
          el,
          spay.mount(el, { view, ...(theme ? { theme } : {}), ...(linkId ? { linkId } : { productId }) }),
        );
      },
      (el) => handles.get(el)?.close(),
    );
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
  return () => {
    doc.removeEventListener("DOMContentLoaded", start);
    stop();
    delete window.SPay;
  };
}
