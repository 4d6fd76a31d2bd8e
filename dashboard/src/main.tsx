import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LandingRoot } from "./landing/LandingRoot.tsx";
import "./styles.css";

/*
 * "/" is the landing page for a signed-out visitor and the signed-in home for a merchant, as in
 * SPEC.md §2, one URL with one index.html. The built index.html carries the landing pre-rendered
 * (build/prerender-landing.ts); the init script in its <head> (build/page-init.js) decides before
 * first paint which shell the visit gets, from the path and the stored session, and hides the
 * pre-rendered landing when it is the app, so a signed-in merchant never sees it flash.
 * - Landing: this module hydrates it with the landing's own code only (react-dom and the landing),
 *   and loads the merchant app once the visitor signs in.
 * - App: the merchant app (router, server state, signed-in pages) is a chunk of its own, loaded now.
 */
const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root");

/** Loads the app, then (`leave` first: the landing stays on screen meanwhile) renders it in `el`. */
function startApp(el: HTMLElement, leave?: () => void) {
  void Promise.all([import("./Root.tsx"), import("./App.tsx")]).then(([{ renderApp }]) => {
    leave?.();
    el.removeAttribute("data-prerendered");
    el.replaceChildren();
    renderApp(el);
  });
}

if (document.documentElement.dataset.shell === "landing" && container.hasAttribute("data-prerendered")) {
  const landing = hydrateRoot(
    container,
    <StrictMode>
      <LandingRoot onSignedIn={() => startApp(container, () => landing.unmount())} />
    </StrictMode>,
  );
} else {
  startApp(container);
}
