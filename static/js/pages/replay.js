// The replay page: a past game step by step (data from the replay-data JSON, built by
// play/selectors/replay.py). The dice and the scorecards are drawn as at the table.
// Keys: Left/Right step, Home/End go to the first/last step; the address follows the
// step (#step-17), and a link to a step opens it.
import { render } from "../dom.js";
import { formatNumber } from "../i18n.js";
import { Rules } from "../text.js";
import { DiceTray } from "../render/dice.js";
import { renderCards } from "../render/scorecard.js";

const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

/** A value of the coach with ``digits`` decimals, in the page's language: 242.1, "242,1". */
function points(value, digits = 1) {
  return formatNumber(Number(value), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** The coach's word on the move of a step ("" where there was no choice to value);
 *  ``status``: whether the coach's values are ready. */
export function coachText(step, status) {
  const decision = step.kind === "place" || step.roll > 1;
  if (!decision || status !== "ready") return "";
  const c = step.coach;
  if (!c) return gettext("The coach has no value for this move.");
  if (c.loss < 0.01) return interpolate(gettext("Coach: %(chosen)s, the best move (%(value)s)."), { chosen: c.chosen.label, value: points(c.chosen.value) }, true);
  const text = ngettext(
    "Coach: %(chosen)s is worth %(value)s; the best, %(best)s, %(best_value)s (%(loss)s points lost).",
    "Coach: %(chosen)s is worth %(value)s; the best, %(best)s, %(best_value)s (%(loss)s points lost).",
    c.loss,
  );
  const values = { chosen: c.chosen.label, value: points(c.chosen.value), best: c.best.label, best_value: points(c.best.value), loss: points(c.loss, 2) };
  return interpolate(text, values, true);
}

/** The seats as they stood at each step: a placement replaces its seat's sheet. */
export function seatsAtEachStep(seats, steps) {
  const seatsAt = [];
  for (const step of steps) {
    if (step.card) seats = seats.map((s) => (s.seat === step.card.seat ? step.card : s));
    seatsAt.push(seats);
  }
  return seatsAt;
}

/** The replay of ``data`` (the game's steps, seats and rules) in ``root``. */
export class ReplayPage {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.rules = new Rules(data.ruleset);
    this.steps = data.steps;
    this.count = this.steps.length;
    this.seatsAt = seatsAtEachStep(data.seats, this.steps);
    this.tray = new DiceTray(() => {});
    root.querySelector("[data-region=dice]").append(this.tray.el);
    this.cards = root.querySelector("[data-region=cards]");
    this.current = 0;
  }

  $(testid) {
    return this.root.querySelector(`[data-testid="${testid}"]`);
  }

  /** Show step ``index`` (kept within the game); ``announce``: read it out. */
  show(index, { announce = true } = {}) {
    this.current = Math.max(0, Math.min(this.count - 1, index));
    const step = this.steps[this.current];
    const label = this.$("replay-step");
    label.textContent = interpolate(gettext("Step %(n)s of %(count)s"), { n: this.current + 1, count: this.count }, true);
    label.dataset.step = String(this.current + 1);
    label.dataset.count = String(this.count);
    this.$("replay-text").textContent = step.text;
    this.tray.update({ faces: step.dice, held: new Set(step.held), interactive: false });
    const words = this.showCoach(step);
    this.drawCards(step);
    const last = this.current === this.count - 1;
    for (const [go, disabled] of [["first", this.current === 0], ["prev", this.current === 0], ["next", last], ["last", last]]) {
      this.root.querySelector(`[data-go=${go}]`).setAttribute("aria-disabled", String(disabled));
    }
    if (location.hash !== `#step-${this.current + 1}`) history.replaceState(null, "", `#step-${this.current + 1}`);
    if (announce) this.$("replay-live").textContent = [step.text, words].filter(Boolean).join(". ");
  }

  /** The coach's word on ``step``, shown and returned, with its values as data. */
  showCoach(step) {
    const coach = this.$("replay-coach");
    const words = coachText(step, this.data.coach_status);
    coach.textContent = words;
    coach.hidden = !words;
    for (const key of ["chosen", "best", "loss"]) delete coach.dataset[key];
    if (step.coach && words) {
      coach.dataset.chosen = step.coach.chosen.value;
      coach.dataset.best = step.coach.best.value;
      coach.dataset.loss = step.coach.loss;
    }
    return words;
  }

  drawCards(step) {
    const last = this.current === this.count - 1;
    const state = {
      game: {
        status: last ? this.data.status : "playing",
        current_seat: step.seat,
        seats: this.seatsAt[this.current],
        dice: step.dice,
        announced: step.kind === "roll" ? step.announced : null,
      },
    };
    const lastPlace = step.kind === "place" ? { seat: step.seat, box: step.box, column: step.column } : null;
    const ctx = { state, rules: this.rules, mine: () => false, myTurn: false, options: new Map(), lastPlace, busy: true, place: () => {} };
    render(this.cards, renderCards(ctx));
  }

  /** The step a button or key named ``go`` (first, prev, next, last) leads to. */
  target(go) {
    return { first: 0, prev: this.current - 1, next: this.current + 1, last: this.count - 1 }[go];
  }

  /** Follow the buttons, the keys and the address; show the step the address names. */
  listen() {
    const count = this.count;
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("[data-go]");
      if (button && count) this.show(this.target(button.dataset.go));
    });
    document.addEventListener("keydown", (event) => {
      const go = KEYS[event.key];
      if (!go || !count || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      this.show(this.target(go));
    });
    window.addEventListener("hashchange", () => count && this.show(stepFromHash()));
    if (count) this.show(stepFromHash(), { announce: false });
    else this.$("replay-text").textContent = gettext("Nobody rolled in this game.");
  }
}

function stepFromHash() {
  const match = /^#step-(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) - 1 : 0;
}

/** The replay page in ``root``, its game read from the replay-data JSON of ``doc``. */
export function createReplayPage(root, doc) {
  const page = new ReplayPage(root, JSON.parse(doc.getElementById("replay-data").textContent));
  page.listen();
  return page;
}
