// A short celebration over the table: five of a kind, a win (still, with reduced motion).
import { h } from "../dom.js";

const CELEBRATE_FOR = 2600; // ms

/** Show ``title`` and ``text`` over the table for a moment. */
export function celebrate(title, text) {
  document.querySelector(".celebration")?.remove();
  const banner = h(
    "div",
    { class: "celebration", role: "status", dataset: { testid: "celebration" } },
    h("span", { class: "celebration__burst", "aria-hidden": "true" }, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => h("span", { style: { "--i": i } }))),
    h("strong", { class: "celebration__title" }, title),
    h("span", { class: "celebration__text" }, text),
  );
  document.body.append(banner);
  document.documentElement.dataset.celebrated = title; // a test hook that outlives the banner
  setTimeout(() => banner.remove(), CELEBRATE_FOR);
}
