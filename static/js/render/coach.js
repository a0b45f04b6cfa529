// The coach on your turn: the Hints toggle, and the panel with the best move and what
// every other choice is worth (the `hint` answer, docs/protocol.md). room.js asks for
// the hints; this file only draws them.
import { h, miniDie } from "../dom.js";
import { formatNumber } from "../i18n.js";

// Choices listed under the best one; the rest fold into "All n choices".
const SHOWN = 4;

/** An expected score for people, one decimal in the page's language: 242.1, "242,1". */
export function fmt(value) {
  return formatNumber(Number(value), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
}

/** A choice in words, keeps as small dice: "Keep ⚅⚅⚅", "Fours", "Announce Fours". */
export function choiceLabel(choice, rules) {
  if (choice.kind === "keep") {
    if (!choice.keep?.length) return [h("span", { class: "coach__verb" }, gettext("Reroll all five"))];
    return [
      // Translators: the coach's advice, followed by small pictures of the dice to keep.
      h("span", { class: "coach__verb" }, pgettext("coach", "Keep")),
      " ",
      h("span", { class: "coach__dice", "aria-hidden": "true" }, choice.keep.map((v) => miniDie(v))),
      h("span", { class: "visually-hidden" }, choice.keep.join(" ")),
    ];
  }
  // Translators: the coach's advice, followed by a box name: "Announce Fours".
  if (choice.kind === "announce") return [h("span", { class: "coach__verb" }, pgettext("coach", "Announce")), " ", rules.boxTitle(choice.box)];
  return [rules.where(choice.box, choice.column)];
}

/** The same in plain text (screen readers, titles). */
export function choiceText(choice, rules) {
  if (choice.kind === "keep") {
    if (!choice.keep?.length) return gettext("reroll all five");
    return interpolate(gettext("keep %(dice)s"), { dice: choice.keep.join(" ") }, true);
  }
  if (choice.kind === "announce") return interpolate(gettext("announce %(box)s"), { box: rules.boxTitle(choice.box) }, true);
  return rules.where(choice.box, choice.column);
}

/** The positions of ``dice`` to hold so that the values ``keep`` stay (as the server's
 *  advice.hold_positions): [6, 2, 6, 3, 6] keeping [6, 6] -> [0, 2]. */
export function holdPositions(dice, keep) {
  const wanted = [...keep];
  const held = [];
  dice.forEach((value, i) => {
    const at = wanted.indexOf(value);
    if (at >= 0) {
      wanted.splice(at, 1);
      held.push(i);
    }
  });
  return held;
}

/** The toggle that turns hints on or off (remembered by the page). */
export function hintToggle(ctx) {
  const on = ctx.hints.on;
  return h(
    "button",
    {
      type: "button",
      class: `btn btn--small btn--quiet hint-toggle${on ? " is-on" : ""}`,
      "aria-pressed": String(on),
      "aria-controls": "coach-panel",
      title: on ? gettext("Hide the coach's hints") : gettext("Show the coach's best move after each roll"),
      dataset: { testid: "hint-toggle" },
      onclick: () => ctx.toggleHints(),
    },
    h("span", { class: "hint-toggle__icon", "aria-hidden": "true" }, "?"),
    h("span", { class: "hint-toggle__text" }, gettext("Hints")),
  );
}

function choiceItem(choice, rules) {
  return h(
    "li",
    { class: "coach__choice", dataset: { testid: "coach-choice", kind: choice.kind, value: choice.value } },
    h("span", { class: "coach__what" }, choiceLabel(choice, rules)),
    h(
      "span",
      { class: "coach__num" },
      h("span", { class: "visually-hidden" }, `, ${gettext("expected final score")} `),
      h("span", { class: "coach__sep", "aria-hidden": "true" }, "— "),
      fmt(choice.value),
      choice.loss >= 0.05 ? h("small", { class: "coach__loss" }, ` −${fmt(choice.loss)}`) : null,
    ),
  );
}

/** The panel's heading, and whether the coach's values are exact or estimated. */
function coachHead(data) {
  return h(
    "div",
    { class: "coach__head" },
    h("h2", { class: "panel__title coach__title", id: "coach-title" }, gettext("Coach")),
    data
      ? h(
          "span",
          {
            class: `coach__kind${data.exact ? " is-exact" : ""}`,
            dataset: { testid: "coach-kind" },
            title: data.exact
              ? gettext("Exact: the best play over every roll still to come")
              : gettext("Estimate: worked out a turn ahead; the true best may differ a little"),
          },
          data.exact ? gettext("Exact") : gettext("Estimate"),
        )
      : null,
  );
}

/** "Apply" the coach's ``best`` choice in one tap (null for a kind it cannot apply). */
function applyButton(ctx, best) {
  const rules = ctx.rules;
  const apply = {
    keep: [gettext("Hold them"), interpolate(gettext("Hold the dice the coach keeps: %(choice)s"), { choice: choiceText(best, rules) }, true)],
    place: [gettext("Score it"), interpolate(gettext("Score %(box)s"), { box: choiceText(best, rules) }, true)],
    announce: [gettext("Announce it"), interpolate(gettext("Announce %(box)s"), { box: rules.boxTitle(best.box) }, true)],
  }[best.kind];
  if (!apply) return null;
  return h(
    "p",
    { class: "coach__apply" },
    h(
      "button",
      { type: "button", class: "btn btn--small", title: apply[1], "aria-label": interpolate(gettext("Apply: %(advice)s"), { advice: apply[1] }, true), dataset: { testid: "coach-apply" }, onclick: () => ctx.applyHint(best) },
      gettext("Apply"),
      h("span", { class: "coach__apply-what", "aria-hidden": "true" }, ` · ${apply[0]}`),
    ),
  );
}

/** The other choices after the best: the first SHOWN, the rest folded away. */
function otherChoices(ctx, rest) {
  const { hints, rules } = ctx;
  if (!rest.length) return null;
  return h(
    "div",
    { class: "coach__alts" },
    h("p", { class: "coach__sub", id: "coach-alts" }, gettext("Other choices, expected final score")),
    h("ol", { class: "coach__list", "aria-labelledby": "coach-alts", dataset: { testid: "coach-choices" } }, rest.slice(0, SHOWN).map((c) => choiceItem(c, rules))),
    rest.length > SHOWN
      ? h(
          "details",
          { class: "coach__more", open: hints.moreOpen, ontoggle: (e) => ctx.setMoreOpen(e.target.open) },
          h("summary", { dataset: { testid: "coach-more" } }, interpolate(ngettext("%(n)s more", "%(n)s more", rest.length - SHOWN), { n: rest.length - SHOWN }, true)),
          h("ol", { class: "coach__list", start: SHOWN + 1 }, rest.slice(SHOWN).map((c) => choiceItem(c, rules))),
        )
      : null,
  );
}

/** The coach's best move, why, its Apply button and the other choices. */
function coachChoices(ctx, data) {
  const rules = ctx.rules;
  const [best, ...rest] = data.choices;
  return [
    h(
      "p",
      { class: "coach__best", dataset: { testid: "coach-best", kind: best.kind, value: best.value } },
      h("span", { class: "coach__best-label" }, gettext("Best move")),
      h("span", { class: "coach__best-move" }, choiceLabel(best, rules)),
      h("span", { class: "coach__best-value" }, h("span", { class: "visually-hidden" }, `${gettext("expected final score")} `), h("span", { "aria-hidden": "true" }, "→ "), fmt(best.value)),
    ),
    data.why ? h("p", { class: "coach__why", dataset: { testid: "coach-why" } }, data.why) : null,
    applyButton(ctx, best),
    otherChoices(ctx, rest),
  ];
}

/** The panel's body: the coach's state while it has no answer, the expected score before
 *  a roll, or its choices. */
function coachBody(ctx) {
  const { hints } = ctx;
  const data = hints.data;
  const note = (...children) => h("p", { class: "coach__note", dataset: { testid: "coach-status" } }, ...children);
  if (hints.status === "warming") return note(h("span", { class: "dots", "aria-hidden": "true" }), gettext("The coach is getting ready…"));
  if (hints.status === "error") return note(hints.error || gettext("The coach could not answer."));
  if (!data) return note(h("span", { class: "dots", "aria-hidden": "true" }), gettext("Thinking…"));
  if (!data.choices.length) {
    return [
      h("p", { class: "coach__expected", dataset: { testid: "coach-expected" } }, gettext("Expected final score"), " ", h("strong", {}, fmt(data.expected))),
      h("p", { class: "coach__note" }, gettext("Roll, and after each roll the coach shows its best move.")),
    ];
  }
  return coachChoices(ctx, data);
}

/** The panel: how sure the coach is, then the best move and the alternatives. */
export function renderCoach(ctx) {
  return [coachHead(ctx.hints.data), coachBody(ctx)];
}
