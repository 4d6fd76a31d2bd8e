import { WEBHOOK_ERRORS } from "../messages.ts";

/** SPEC.md §9: Demo Mode is stored under this key and is on by default. */
export const DEMO_MODE_KEY = "webhook_demo_mode";
/** The local test endpoint Demo Mode fills in (an example receiver on the developer's machine). */
export const DEMO_WEBHOOK_URL = "http://localhost:3000/webhooks/spay";

/** SPEC.md §5: non-empty and starting with http, else the message. */
export function webhookUrlError(url: string): string | null {
  const trimmed = url.trim();
  return trimmed !== "" && trimmed.startsWith("http") ? null : WEBHOOK_ERRORS.invalidUrl;
}

/**
 * The URL field after Demo Mode is switched: on always shows the demo endpoint; off gives back the
 * merchant's own URL (`own`, the last one that was not the demo endpoint), or empties the field.
 */
export function urlAfterDemoToggle(on: boolean, own: string): string {
  if (on) return DEMO_WEBHOOK_URL;
  return own.trim() === DEMO_WEBHOOK_URL ? "" : own;
}

export function readDemoMode(): boolean {
  try {
    return localStorage.getItem(DEMO_MODE_KEY) !== "false";
  } catch {
    return true;
  }
}

export function writeDemoMode(on: boolean): void {
  try {
    localStorage.setItem(DEMO_MODE_KEY, String(on));
  } catch {
    // Not stored: the choice lasts for this visit.
  }
}
