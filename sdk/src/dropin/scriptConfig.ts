import { parseTheme, type Theme } from "../ui/theme/theme.js";

/** The drop-in's settings, read once from its own `<script>` tag. */
export interface DropinConfig {
  /** `data-spay-key`: the publishable key. */
  apiKey: string | undefined;
  /** `data-spay-api`, default the origin the script was loaded from. */
  apiUrl: string;
  /** `data-spay-theme`: light (default) or dark. */
  theme: Theme;
}

/**
 * The script element that loaded the drop-in: `document.currentScript` while it runs, else the
 * first script carrying `data-spay-key` (an ES module has no `currentScript`).
 */
export function findOwnScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return doc.querySelector<HTMLScriptElement>("script[data-spay-key]");
}

/** Reads the `data-spay-*` attributes of the drop-in's script tag. */
export function readScriptConfig(script: HTMLScriptElement | null, pageUrl: string): DropinConfig {
  const scriptSrc = script?.src || pageUrl;
  const api = script?.dataset.spayApi?.trim();
  return {
    apiKey: script?.dataset.spayKey?.trim() || undefined,
    apiUrl: (api ? new URL(api, pageUrl).href : new URL(scriptSrc).origin).replace(/\/+$/, ""),
    theme: parseTheme(script?.dataset.spayTheme),
  };
}
