import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { preloadRouteData } from "./preload.ts";
import "./styles.css";

/**
 * Pre-rendered pages are hydrated: React adopts the static HTML instead of rendering it again.
 * The route's data (bundled posts) is loaded first, so the first client render is the server's.
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
