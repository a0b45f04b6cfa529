// The coach on your turn: the Hints toggle, and the panel with the best move and what
// every other choice is worth (the `hint` answer, docs/protocol.md). room.js asks for
// the hints; this file only draws them.
import { h, miniDie } from "../dom.js";

// Choices listed under the best one; the rest fold into "All n choices".
const SHOWN = 4;

/** An expected score for people: 242.1. */
export function fmt(value) {
  return Number(value).toFixed(1);
}

/** A choice in words, keeps as small dice: "Keep ⚅⚅⚅", "Fours", "Announce Fours". */
export function choiceLabel(choice, rules) {
  if (choice.kind === "keep") {
    if (!choice.keep?.length) return [h("span", { class: "coach__verb" }, "Reroll all five")];
    return [
      h("span", { class: "coach__verb" }, "Keep"),
      " ",
      h("span", { class: "coach__dice", "aria-hidden": "true" }, choice.keep.map((v) => miniDie(v))),
      h("span", { class: "visually-hidden" }, choice.keep.join(" ")),
    ];
  }
  if (choice.kind === "announce") return [h("span", { class: "coach__verb" }, "Announce"), " ", rules.boxTitle(choice.box)];
  return [rules.where(choice.box, choice.column)];
}

/** The same in plain text (screen readers, titles). */
export function choiceText(choice, rules) {
  if (choice.kind === "keep") return choice.keep?.length ? `keep ${choice.keep.join(" ")}` : "reroll all five";
  if (choice.kind === "announce") return `announce ${rules.boxTitle(choice.box)}`;
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
      title: on ? "Hide the coach's hints" : "Show the coach's best move after each roll",
      dataset: { testid: "hint-toggle" },
      onclick: () => ctx.toggleHints(),
    },
    h("span", { class: "hint-toggle__icon", "aria-hidden": "true" }, "?"),
    h("span", { class: "hint-toggle__text" }, "Hints"),
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
      h("span", { class: "visually-hidden" }, ", expected final score "),
      h("span", { class: "coach__sep", "aria-hidden": "true" }, "— "),
      fmt(choice.value),
      choice.loss >= 0.05 ? h("small", { class: "coach__loss" }, ` −${fmt(choice.loss)}`) : null,
    ),
  );
}

/** The panel: how sure the coach is, then the best move and the alternatives. */
export function renderCoach(ctx) {
  const { hints, rules } = ctx;
  const data = hints.data;
  const head = h(
    "div",
    { class: "coach__head" },
    h("h2", { class: "panel__title coach__title", id: "coach-title" }, "Coach"),
    data
      ? h(
          "span",
          {
            class: `coach__kind${data.exact ? " is-exact" : ""}`,
            dataset: { testid: "coach-kind" },
            title: data.exact
              ? "Exact: the best play over every roll still to come"
              : "Estimate: worked out a turn ahead; the true best may differ a little",
          },
          data.exact ? "Exact" : "Estimate",
        )
      : null,
  );
  let body;
  if (hints.status === "warming") {
    body = h("p", { class: "coach__note", dataset: { testid: "coach-status" } }, h("span", { class: "dots", "aria-hidden": "true" }), "The coach is getting ready…");
  } else if (hints.status === "error") {
    body = h("p", { class: "coach__note", dataset: { testid: "coach-status" } }, hints.error || "The coach could not answer.");
  } else if (!data) {
    body = h("p", { class: "coach__note", dataset: { testid: "coach-status" } }, h("span", { class: "dots", "aria-hidden": "true" }), "Thinking…");
  } else if (!data.choices.length) {
    body = [
      h("p", { class: "coach__expected", dataset: { testid: "coach-expected" } }, "Expected final score ", h("strong", {}, fmt(data.expected))),
      h("p", { class: "coach__note" }, "Roll, and after each roll the coach shows its best move."),
    ];
  } else {
    const [best, ...rest] = data.choices;
    const apply = {
      keep: ["Hold them", `Hold the dice the coach keeps: ${choiceText(best, rules)}`],
      place: ["Score it", `Score ${choiceText(best, rules)}`],
      announce: ["Announce it", `Announce ${rules.boxTitle(best.box)}`],
    }[best.kind];
    body = [
      h(
        "p",
        { class: "coach__best", dataset: { testid: "coach-best", kind: best.kind, value: best.value } },
        h("span", { class: "coach__best-label" }, "Best move"),
        h("span", { class: "coach__best-move" }, choiceLabel(best, rules)),
        h("span", { class: "coach__best-value" }, h("span", { class: "visually-hidden" }, "expected final score "), h("span", { "aria-hidden": "true" }, "→ "), fmt(best.value)),
      ),
      data.why ? h("p", { class: "coach__why", dataset: { testid: "coach-why" } }, data.why) : null,
      apply
        ? h(
            "p",
            { class: "coach__apply" },
            h(
              "button",
              { type: "button", class: "btn btn--small", title: apply[1], "aria-label": `Apply: ${apply[1]}`, dataset: { testid: "coach-apply" }, onclick: () => ctx.applyHint(best) },
              "Apply",
              h("span", { class: "coach__apply-what", "aria-hidden": "true" }, ` · ${apply[0]}`),
            ),
          )
        : null,
      rest.length
        ? h(
            "div",
            { class: "coach__alts" },
            h("p", { class: "coach__sub", id: "coach-alts" }, "Other choices, expected final score"),
            h("ol", { class: "coach__list", "aria-labelledby": "coach-alts", dataset: { testid: "coach-choices" } }, rest.slice(0, SHOWN).map((c) => choiceItem(c, rules))),
            rest.length > SHOWN
              ? h(
                  "details",
                  { class: "coach__more", open: hints.moreOpen, ontoggle: (e) => ctx.setMoreOpen(e.target.open) },
                  h("summary", { dataset: { testid: "coach-more" } }, `${rest.length - SHOWN} more`),
                  h("ol", { class: "coach__list", start: SHOWN + 1 }, rest.slice(SHOWN).map((c) => choiceItem(c, rules))),
                )
              : null,
          )
        : null,
    ];
  }
  return [head, body];
}
