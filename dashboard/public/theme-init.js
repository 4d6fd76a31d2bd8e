// Applies the stored or system theme before first paint (no flash of the wrong theme).
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem("theme");
  } catch {
    // Storage unavailable: use the system preference.
  }
  if (theme !== "light" && theme !== "dark") {
    theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
})();
