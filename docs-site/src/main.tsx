import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { preloadRouteData } from "./preload.ts";
import { applyTheme, storedTheme } from "./ui/theme.ts";
import "./styles.css";

// A stored choice of theme applies at once, before the page's code loads and hydrates; without
// one, the CSS follows the system's (ThemeToggle applies it the same way once hydrated).
const theme = storedTheme();
if (theme) applyTheme(theme);

/**
 * Pre-rendered pages are hydrated (by Preact's React layer in the built site: vite.config.ts), which
 * adopts the static HTML instead of rendering it again. The route's code and data are loaded first
 * (src/preload.ts), so the first client render is the server's and nothing suspends.
 * The bare shell (a path the build did not pre-render) is rendered afresh.
 */
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
if (root.firstElementChild) {
  preloadRouteData(window.location.pathname).then(
    () => hydrateRoot(root, app),
    (err: unknown) => {
      console.error("Page data failed to load", err);
      hydrateRoot(root, app);
    },
  );
} else {
  createRoot(root).render(app);
}
