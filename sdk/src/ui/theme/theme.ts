/** The colour scheme of every sPay component (CSS variables; see base.css.ts). */
export type Theme = "light" | "dark";

/** Reads a theme from untrusted input (a `data-spay-theme` attribute), defaulting to light. */
export function parseTheme(value: string | null | undefined): Theme {
  return value === "dark" ? "dark" : "light";
}
