// The rules panel of the room: the facts of its variant (boxes, columns, the turn's time,
// options), its special rules, every box's rule, and a link to the full rules.
import { h } from "../dom.js";
import { optionText, timerText } from "../variants.js";

/** The rules of this room's variant, from ``room.ruleset``. */
export function renderRules(ctx) {
  const rs = ctx.rules.rs; // the room.ruleset with the page's words (text.js Rules)
  const opts = Object.entries(rs.options || {});
  const boxes = rs.sections.reduce((n, s) => n + s.boxes.length, 0);
  const columns = rs.columns.length;
  const facts = [
    columns > 1
      ? interpolate(
          ngettext("%(boxes)s boxes × %(n)s column", "%(boxes)s boxes × %(n)s columns", columns),
          { boxes, n: columns },
          true,
        )
      : interpolate(ngettext("%(n)s box", "%(n)s boxes", boxes), { n: boxes }, true),
    timerText(ctx.state.room.turn_seconds, ctx.state.room.pace),
    ...opts.map(([key, value]) => optionText(key, value)),
  ];
  return [
    h("h2", { class: "panel__title", id: "rules-title" }, interpolate(gettext("How %(variant)s scores"), { variant: rs.title }, true)),
    h("ul", { class: "chips chips--facts", dataset: { testid: "rules-facts" } }, facts.map((f) => h("li", { class: "chip chip--soft" }, f))),
    rs.columns.length > 1
      ? h(
          "dl",
          { class: "rules-columns" },
          rs.columns.map((c) => h("div", {}, h("dt", {}, c.title), h("dd", {}, c.rule))),
        )
      : null,
    h("ul", { class: "rules-special" }, rs.special_rules.map((r) => h("li", {}, r))),
    h(
      "details",
      { class: "rules-boxes" },
      h("summary", {}, gettext("Every box")),
      rs.sections.map((section) =>
        h(
          "dl",
          { class: "rules-boxes__list" },
          section.boxes.map((b) => h("div", {}, h("dt", {}, b.title), h("dd", {}, b.rule))),
        ),
      ),
    ),
    h("p", { class: "rules-link" }, h("a", { href: ctx.rulesUrl, target: "_blank", rel: "noopener" }, interpolate(gettext("Full rules of %(variant)s"), { variant: rs.title }, true))),
  ];
}
