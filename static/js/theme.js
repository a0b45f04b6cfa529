// The colour theme: the device's setting (no attribute), or "dark" or "light" as chosen
// with the header's switch and remembered in localStorage. A classic script in <head>,
// so the page is drawn in its theme from the first frame.
(() => {
  const KEY = "dice.theme";
  const NEXT = { auto: "dark", dark: "light", light: "auto" };
  const NAMES = { auto: "Auto", dark: "Dark", light: "Light" };
  const root = document.documentElement;

  const stored = () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  };
  const apply = (theme) => {
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
    else delete root.dataset.theme;
  };
  apply(stored());

  document.addEventListener("DOMContentLoaded", () => {
    const button = document.querySelector("[data-testid=theme-toggle]");
    if (!button) return;
    const text = button.querySelector(".theme-toggle__text");
    const show = () => {
      const theme = root.dataset.theme || "auto";
      button.dataset.theme = theme;
      text.textContent = NAMES[theme];
      button.setAttribute("aria-label", `Theme: ${NAMES[theme]}`);
      button.title = theme === "auto" ? "Colours follow your device; click for dark" : `${NAMES[theme]} colours; click for ${NEXT[theme] === "auto" ? "your device's" : NEXT[theme]}`;
    };
    button.addEventListener("click", () => {
      const next = NEXT[root.dataset.theme || "auto"];
      try {
        if (next === "auto") localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, next);
      } catch {
        // Private windows may refuse storage: the choice then lasts for this page.
      }
      apply(next);
      show();
    });
    show();
  });
})();
