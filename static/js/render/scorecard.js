// Every player's scorecard side by side: one table, a row per box, a column per seat
// (per seat and sheet column for Yam's and Triple Yahtzee).
import { h } from "../dom.js";
import { botBadge } from "./lobby.js";
import { announcedBy, playsNow } from "./round.js";

// Box names short enough for a phone (none where the full name is already short).
const SHORT = {
  three_of_a_kind: pgettext("short box name", "3 of a kind"),
  four_of_a_kind: pgettext("short box name", "4 of a kind"),
  small_straight: pgettext("short box name", "Sm. straight"),
  large_straight: pgettext("short box name", "Lg. straight"),
  one_pair: pgettext("short box name", "Pair"),
  two_pairs: pgettext("short box name", "2 pairs"),
  full_house: pgettext("short box name", "Full house"),
};

// Column names short enough for four of your own columns on a phone.
const SHORT_COLUMN = {
  // Translators: short for the Yam's column "Down" (filled from the top down).
  down: pgettext("short column name", "Down"),
  // Translators: short for the Yam's column "Up" (filled from the bottom up).
  up: pgettext("short column name", "Up"),
  // Translators: short for the Yam's column "Announced".
  announced: pgettext("short column name", "Ann."),
};

function columnLabel(column) {
  const short = SHORT_COLUMN[column.key];
  if (!short || short === column.title) return column.title;
  return [h("span", { class: "label-long" }, column.title), h("span", { class: "label-short" }, short)];
}

function boxLabel(box) {
  const short = SHORT[box.key];
  if (!short || short === box.title) return box.title;
  return [h("span", { class: "label-long" }, box.title), h("span", { class: "label-short" }, short)];
}

/** What placing would add beyond its own points, after the column's multiplier: the
 *  upper bonus reached (> 0), or the Yam's max/min rule cancelling a pair (< 0). */
function extra(option, multiplier) {
  return option.gain - (option.points + (option.bonus || 0)) * multiplier;
}

function optionCell(ctx, seat, column, box, option) {
  const { rules } = ctx;
  const total = option.points + (option.bonus || 0);
  const index = rules.columns.findIndex((c) => c.key === column.key);
  const multiplier = seat.totals?.[index]?.multiplier || 1;
  const more = extra(option, multiplier);
  const where = rules.where(box.key, column.key);
  let label = option.bonus
    ? interpolate(gettext("Score %(points)s plus %(bonus)s bonus in %(box)s"), { points: option.points, bonus: option.bonus, box: where }, true)
    : interpolate(gettext("Score %(points)s in %(box)s"), { points: total, box: where }, true);
  if (more > 0) label = interpolate(gettext("%(label)s, reaching the upper bonus"), { label }, true);
  if (more < 0) label = interpolate(gettext("%(label)s; the column loses %(n)s by the maximum and minimum rule"), { label, n: -more }, true);
  const best = ctx.coachBest;
  const suggested = best?.kind === "place" && best.box === box.key && (!best.column || best.column === column.key);
  if (suggested) label = interpolate(gettext("%(label)s (the coach's best move)"), { label }, true);
  const button = h(
    "button",
    {
      type: "button",
      class: `cell-btn${total === 0 ? " is-zero" : ""}${suggested ? " is-coach" : ""}`,
      dataset: { testid: `box-${column.key}-${box.key}`, column: column.key, box: box.key },
      "aria-label": label,
      title: option.gain !== total ? interpolate(gettext("%(label)s (adds %(n)s to your total)"), { label, n: option.gain }, true) : label,
      "aria-disabled": ctx.busy ? "true" : null,
      onclick: () => ctx.place(option),
    },
    h("span", { class: "cell-btn__points" }, option.points),
    option.bonus ? h("span", { class: "cell-btn__bonus" }, `+${option.bonus}`) : null,
    more > 0 ? h("span", { class: "cell-btn__bonus", "aria-hidden": "true" }, "★") : null,
    more < 0 ? h("span", { class: "cell-btn__warn", "aria-hidden": "true" }, "!") : null,
  );
  return h("td", { class: "cell is-option", dataset: { cell: `${seat.seat}-${column.key}-${box.key}` } }, button);
}

function boxCell(ctx, seat, column, box) {
  const { state, mine, lastPlace } = ctx;
  const isMine = mine(seat);
  const value = seat.boxes?.[column.key]?.[box.key];
  const game = state.game;
  const isCurrent = playsNow(game, seat);
  const classes = ["cell"];
  if (isCurrent) classes.push("is-current");
  const attrs = { dataset: { cell: `${seat.seat}-${column.key}-${box.key}` } };
  if (isMine) attrs.dataset.testid = `box-${column.key}-${box.key}`;
  if (value !== undefined && value !== null) {
    classes.push("is-filled");
    if (value === 0) classes.push("is-zero");
    if (lastPlace && lastPlace.seat === seat.seat && lastPlace.box === box.key && (lastPlace.column || column.key) === column.key) {
      classes.push("is-fresh");
    }
    return h("td", { ...attrs, class: classes.join(" ") }, value);
  }
  const announced = column.key === ctx.rules.rs.announce_column && announcedBy(game, seat) === box.key;
  if (announced) classes.push("is-announced");
  if (isMine && ctx.myTurn && game.dice?.length) {
    const option = ctx.options.get(`${column.key}:${box.key}`);
    if (option) return optionCell(ctx, seat, column, box, option);
    classes.push("is-closed");
    return h("td", { ...attrs, class: classes.join(" "), title: gettext("Not open to this roll") }, h("span", { "aria-hidden": "true" }, "·"), h("span", { class: "visually-hidden" }, gettext("not allowed now")));
  }
  classes.push("is-open");
  // Translators: marks the box the player announced (Yam's) on the scorecard.
  return h("td", { ...attrs, class: classes.join(" ") }, announced ? h("span", { class: "announced-mark" }, pgettext("announced box", "called")) : "");
}

function sumRow(ctx, label, cellFor, { className = "", title } = {}) {
  const { seats, rules } = ctx;
  return h(
    "tr",
    { class: `sheet__sum ${className}`.trim() },
    h("th", { scope: "row", title }, label),
    seats.map((seat) =>
      rules.columns.map((column, ci) => {
        const totals = seat.totals?.[ci] || {};
        const cls = ["cell", "cell--sum"];
        if (playsNow(ctx.state.game, seat)) cls.push("is-current");
        return h("td", { class: cls.join(" ") }, cellFor(seat, column, totals, ci));
      }),
    ),
  );
}

function upperProgress(ctx, seat, column, totals) {
  const threshold = ctx.rules.rs.upper_bonus_threshold;
  const filled = ctx.rules.upperBoxes.filter((k) => seat.boxes?.[column.key]?.[k] !== undefined);
  const upper = totals.upper ?? 0;
  const done = filled.length === ctx.rules.upperBoxes.length;
  // Par: three of each face, the pace that reaches 63.
  const par = filled.reduce((n, k) => n + 3 * (ctx.rules.upperBoxes.indexOf(k) + 1), 0);
  const diff = upper - par;
  const reached = totals.upper_bonus > 0;
  const pct = Math.min(100, Math.round((upper / threshold) * 100));
  return h(
    "span",
    {
      class: `progress${reached ? " is-reached" : ""}${done && !reached ? " is-missed" : ""}`,
      style: { "--pct": `${pct}%` },
      title: filled.length
        ? interpolate(gettext("%(upper)s of %(threshold)s; %(diff)s against three of each"), { upper, threshold, diff: `${diff >= 0 ? "+" : ""}${diff}` }, true)
        : interpolate(gettext("%(upper)s of %(threshold)s"), { upper: 0, threshold }, true),
    },
    h("span", { class: "progress__value" }, upper),
    !reached && !done ? h("span", { class: "progress__of" }, `/${threshold}`) : null,
  );
}

function bonusCell(ctx, seat, column, totals) {
  const threshold = ctx.rules.rs.upper_bonus_threshold;
  const done = ctx.rules.upperBoxes.every((k) => seat.boxes?.[column.key]?.[k] !== undefined);
  if (totals.upper_bonus > 0) return h("span", { class: "bonus is-won" }, totals.upper_bonus);
  if (done) return h("span", { class: "bonus is-lost" }, 0);
  const need = threshold - (totals.upper ?? 0);
  const title = interpolate(ngettext("%(n)s more for the bonus", "%(n)s more for the bonus", need), { n: need }, true);
  // Translators: before the points still missing for the upper bonus: "need 12".
  const word = `${pgettext("upper bonus", "need")} `;
  return h("span", { class: "bonus is-pending", title }, h("span", { class: "bonus__need" }, h("span", { class: "label-long" }, word), need));
}

/** The head: a column per seat (its name, bot badge, reactions), and per sheet column. */
function cardsHead(ctx) {
  const { seats, rules } = ctx;
  const game = ctx.state.game;
  const cols = rules.columns;
  const multi = cols.length > 1;
  const isCurrentSeat = (seat) => playsNow(game, seat);
  return h(
    "thead",
    {},
    h(
      "tr",
      {},
      h("th", { scope: "col", class: "sheet__corner", rowspan: multi ? 2 : null }, h("span", { class: "visually-hidden" }, gettext("Box"))),
      seats.map((seat) =>
        h(
          "th",
          {
            scope: multi ? "colgroup" : "col",
            colspan: multi ? cols.length : null,
            class: `sheet__player${isCurrentSeat(seat) ? " is-current" : ""}${ctx.mine(seat) ? " is-you" : ""}`,
            dataset: { testid: `card-${seat.seat}` },
          },
          ctx.reaction?.(seat.player),
          h("span", { class: "sheet__name" }, seat.name),
          seat.bot ? botBadge(seat.bot_level) : null,
          isCurrentSeat(seat) ? h("span", { class: "visually-hidden" }, ` ${gettext("(playing now)")}`) : null,
        ),
      ),
    ),
    multi
      ? h(
          "tr",
          { class: "sheet__cols" },
          seats.map((seat) =>
            cols.map((c) =>
              h("th", { scope: "col", title: c.rule, class: isCurrentSeat(seat) ? "is-current" : null }, h("span", { "aria-label": `${seat.name}, ${c.title}` }, columnLabel(c))),
            ),
          ),
        )
      : null,
  );
}

/** The rows of sums that close ``section`` (the upper bonus, max − min, the lower sum). */
function sectionSums(ctx, section) {
  const { rules } = ctx;
  if (section.name === "upper") {
    return [
      // Translators: the scorecard's row of the upper section's sum.
      sumRow(ctx, [`${pgettext("scorecard row", "Upper")} `, h("small", {}, interpolate(gettext("bonus at %(n)s"), { n: rules.rs.upper_bonus_threshold }, true))], (seat, column, t) => upperProgress(ctx, seat, column, t), {
        className: "sheet__sum--upper",
      }),
      sumRow(ctx, interpolate(gettext("Bonus +%(n)s"), { n: rules.rs.upper_bonus_points }, true), (seat, column, t) => bonusCell(ctx, seat, column, t)),
    ];
  }
  if (section.name === "middle") {
    return [
      sumRow(ctx, gettext("Max − min"), (seat, column, t) => t.middle ?? 0, {
        title: gettext("Maximum plus minimum; 0 if the minimum is not below the maximum"),
      }),
    ];
  }
  if (section.name !== "lower") return [];
  // Translators: the scorecard's row of the lower section's sum.
  const rows = [sumRow(ctx, pgettext("scorecard row", "Lower"), (seat, column, t) => t.lower ?? 0)];
  if (rules.hasYahtzeeBonus) {
    rows.push(sumRow(ctx, gettext("Yahtzee bonus"), (seat, column, t) => t.yahtzee_bonus ?? 0, { title: gettext("100 for every extra Yahtzee") }));
  }
  return rows;
}

/** A section of boxes: a row per box, then its sums. */
function sectionBody(ctx, section) {
  const { seats, rules } = ctx;
  const rows = section.boxes.map((box) =>
    h(
      "tr",
      { dataset: { box: box.key } },
      h("th", { scope: "row", title: box.rule }, boxLabel(box)),
      seats.map((seat) => rules.columns.map((column) => boxCell(ctx, seat, column, box))),
    ),
  );
  rows.push(...sectionSums(ctx, section));
  return h("tbody", { class: `sheet__section sheet__section--${section.name}` }, rows);
}

/** The foot: each sheet column's total (with its multiplier), and each seat's. */
function cardsFoot(ctx) {
  const { seats, rules } = ctx;
  const cols = rules.columns;
  const multi = cols.length > 1;
  return h(
    "tfoot",
    {},
    multi
      ? sumRow(ctx, pgettext("scorecard row", "Column"), (seat, column, t) =>
          t.multiplier > 1
            ? h("span", { class: "mult", title: `${t.subtotal ?? ""} × ${t.multiplier}` }, t.total ?? 0)
            : t.total ?? 0,
        )
      : null,
    h(
      "tr",
      { class: "sheet__grand" },
      h("th", { scope: "row" }, gettext("Total")),
      seats.map((seat) =>
        h(
          "td",
          {
            colspan: multi ? cols.length : null,
            class: `cell cell--grand${playsNow(ctx.state.game, seat) ? " is-current" : ""}`,
            dataset: { testid: `total-${seat.seat}` },
          },
          seat.total ?? 0,
        ),
      ),
    ),
  );
}

export function renderCards(ctx) {
  const { state, rules } = ctx;
  const game = state.game;
  // Your own columns come first (then everyone else in seat order).
  const seats = [...game.seats].sort((a, b) => Number(ctx.mine(b)) - Number(ctx.mine(a)));
  const multi = rules.columns.length > 1;
  const ctx2 = { ...ctx, seats };
  const over = game.status !== "playing";
  return [
    h("h2", { class: "panel__title", id: "cards-title" }, over ? gettext("Final scorecards") : gettext("Scorecards")),
    h(
      "div",
      // Focusable (and named), so keys can scroll a card wider than the screen; a group,
      // as the panel around it is already the "Scorecards" region.
      { class: "sheet-scroll", tabindex: "0", role: "group", "aria-labelledby": "cards-title" },
      h(
        "table",
        { class: `sheet sheet--${rules.name}${multi ? " sheet--multi" : ""}`, dataset: { testid: "scorecards", seats: seats.length } },
        h(
          "caption",
          { class: "visually-hidden" },
          interpolate(gettext("Scorecards: %(totals)s"), { totals: seats.map((s) => `${s.name} ${s.total ?? 0}`).join(", ") }, true),
        ),
        cardsHead(ctx2),
        rules.sections.map((section) => sectionBody(ctx2, section)),
        cardsFoot(ctx2),
      ),
    ),
  ];
}
