// The colour theme: the device's setting (no attribute), or "dark" or "light" as chosen
// with the header's switch and remembered in localStorage. A classic script in <head>,
// so the page is drawn in its theme from the first frame.
(() => {
  const KEY = "dice.theme";
  const NEXT = { auto: "dark", dark: "light", light: "auto" };
  const NAMES = { auto: pgettext("theme", "Auto"), dark: pgettext("theme", "Dark"), light: pgettext("theme", "Light") };
  const TITLES = {
    auto: gettext("Colours follow your device; click for dark"),
    dark: gettext("Dark colours; click for light"),
    light: gettext("Light colours; click for your device's"),
  };
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
      button.setAttribute("aria-label", interpolate(gettext("Theme: %(name)s"), { name: NAMES[theme] }, true));
      button.title = TITLES[theme];
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
