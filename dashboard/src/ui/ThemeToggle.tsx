import { Moon, Sun } from "lucide-react";
import { LANDING } from "../landing/messages.ts";
import { useTheme } from "../state/theme.tsx";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? LANDING.themeToLight : LANDING.themeToDark;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      onClick={toggle}
      data-testid="theme-toggle"
    >
      {theme === "dark" ? <Sun aria-hidden="true" size={18} /> : <Moon aria-hidden="true" size={18} />}
    </button>
  );
}
