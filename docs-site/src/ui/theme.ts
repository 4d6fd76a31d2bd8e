/** The theme is stored under the `theme` key, like the dashboard's (SPEC.md §9); default: the system's. */
export const THEME_KEY = "theme";

export type ThemeName = "light" | "dark";

export function storedTheme(): ThemeName | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): ThemeName {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

/** Applies a theme to the page; without a stored choice the CSS follows the system preference. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
}

export function storeTheme(theme: ThemeName): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this visit.
  }
}
