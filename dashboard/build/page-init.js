// Inlined into the <head> of index.html and checkout.html (build/page-init.ts), so it runs before
// first paint without a request: the gateway's CSP allows it by its sha256, computed from the
// served file (server/src/http/static-files.ts).
// 1. The stored or system theme (no flash of the wrong theme).
// 2. Which shell "/" shows: index.html carries the signed-out landing page pre-rendered
//    (#root[data-prerendered]); a visitor with a stored session, or on any other path, gets the
//    app instead, and the inline style hides the pre-rendered landing before it is ever painted.
//    The keys are the session's (src/state/session.tsx: SESSION_KEY, USER_KEY).
(() => {
  const root = document.documentElement;
  let theme = null;
  let session = false;
  try {
    theme = localStorage.getItem("theme");
    session =
      localStorage.getItem("spay_session_token") !== null && localStorage.getItem("spay_user") !== null;
  } catch {
    // Storage unavailable: the system theme, and no stored session.
  }
  if (theme !== "light" && theme !== "dark") {
    theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  root.dataset.theme = theme;
  root.dataset.shell = location.pathname === "/" && !session ? "landing" : "app";
})();
