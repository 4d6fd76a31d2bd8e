import { setWalletStepsUrl } from "../core/checkout.js";
import { SPayClient } from "../core/client.js";
import { setWalletUiUrl } from "../ui/checkout/walletUi.js";
import { createSPayGlobal } from "./api.js";
import { bindElements } from "./bindElements.js";
import { readElementOptions } from "./elementOptions.js";
import { findOwnScript, readScriptConfig } from "./scriptConfig.js";
import { shareRuntime } from "./sharedRuntime.js";

/**
 * The file the build puts next to spay.js with the wallet payment steps and the wallet picker; it
 * imports the wallet module (`spay-wallet.js`, with `@stacks/connect`) from next to itself.
 */
const WALLET_UI_FILE = "spay-wallet-ui.js";

/**
 * Sets the drop-in up from its script tag: the API client (`data-spay-key`, `data-spay-api`),
 * where the lazily loaded files live (and what spay.js shares with them), `window.SPay`, and every
 * `[data-spay-product]` / `[data-spay-link]` element, now and when added later. Loading the
 * script twice is harmless.
 * Returns a function that stops watching the page and removes `window.SPay` (tests, SPA teardown).
 */
export function installSPay(doc: Document = document): () => void {
  if (window.SPay) return () => {};
  const config = readScriptConfig(findOwnScript(doc), doc.baseURI);
  const walletUiUrl = new URL(WALLET_UI_FILE, config.scriptSrc).href;
  setWalletStepsUrl(walletUiUrl);
  setWalletUiUrl(walletUiUrl);
  shareRuntime();
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
