import { useEffect, useState } from "react";
import { MESSAGES } from "../messages.ts";
import { applyTheme, storedTheme, storeTheme, systemTheme, type ThemeName } from "./theme.ts";

/** Light/dark switch. Renders the same markup on the server and before the effect runs. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<ThemeName | null>(null);

  useEffect(() => {
    const initial = storedTheme() ?? systemTheme();
    setTheme(initial);
    applyTheme(initial);
  }, []);

  const next: ThemeName = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={next === "dark" ? MESSAGES.themeToDark : MESSAGES.themeToLight}
      title={next === "dark" ? MESSAGES.themeToDark : MESSAGES.themeToLight}
      onClick={() => {
        setTheme(next);
        applyTheme(next);
        storeTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
    </button>
  );
}
