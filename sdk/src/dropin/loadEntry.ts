/**
 * The classic scripts' one job (`spay.js`, `spay-x402.js`): import their ES module (`path`,
 * relative to the script's URL) and hand it the script element, whose `data-spay-*` attributes
 * configure it (an ES module has no `document.currentScript`). The module imports its chunks.
 */
export function loadEntry<T>(path: string, run: (mod: T, script: HTMLScriptElement | null) => void): void {
  const current = document.currentScript;
  const script = current instanceof HTMLScriptElement ? current : null;
  const url = new URL(path, script?.src || location.href).href;
  (import(/* @vite-ignore */ url) as Promise<T>).then((mod) => run(mod, script));
}
