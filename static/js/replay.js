// The replay page: a past game step by step (data from the replay-data JSON, built by
// games/selectors/replay.py). The dice and the scorecards are drawn as at the table.
// Keys: Left/Right step, Home/End go to the first/last step; the address follows the
// step (#step-17), and a link to a step opens it.
import { render } from "./dom.js";
import { formatNumber } from "./i18n.js";
import { Rules } from "./text.js";
import { DiceTray } from "./render/dice.js";
import { renderCards } from "./render/scorecard.js";

const root = document.getElementById("replay-app");
const data = JSON.parse(document.getElementById("replay-data").textContent);
const rules = new Rules(data.ruleset);
const steps = data.steps;
const count = steps.length;
const $ = (testid) => root.querySelector(`[data-testid="${testid}"]`);

// The seats as they stood at each step: a placement replaces its seat's sheet.
const seatsAt = [];
let seats = data.seats;
for (const step of steps) {
  if (step.card) seats = seats.map((s) => (s.seat === step.card.seat ? step.card : s));
  seatsAt.push(seats);
}

const tray = new DiceTray(() => {});
root.querySelector("[data-region=dice]").append(tray.el);
const cards = root.querySelector("[data-region=cards]");
let current = 0;

/** A value of the coach with ``digits`` decimals, in the page's language: 242.1, "242,1". */
function points(value, digits = 1) {
  return formatNumber(Number(value), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** The coach's word on the move of a step ("" where there was no choice to value). */
function coachText(step) {
  const decision = step.kind === "place" || step.roll > 1;
  if (!decision || data.coach_status !== "ready") return "";
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

function show(index, { announce = true } = {}) {
  current = Math.max(0, Math.min(count - 1, index));
  const step = steps[current];
  const last = current === count - 1;
  const label = $("replay-step");
  label.textContent = interpolate(gettext("Step %(n)s of %(count)s"), { n: current + 1, count }, true);
  label.dataset.step = String(current + 1);
  label.dataset.count = String(count);
  $("replay-text").textContent = step.text;
  tray.update({ faces: step.dice, held: new Set(step.held), interactive: false });
  const coach = $("replay-coach");
  const words = coachText(step);
  coach.textContent = words;
  coach.hidden = !words;
  for (const key of ["chosen", "best", "loss"]) delete coach.dataset[key];
  if (step.coach && words) {
    coach.dataset.chosen = step.coach.chosen.value;
    coach.dataset.best = step.coach.best.value;
    coach.dataset.loss = step.coach.loss;
  }
  const state = {
    game: {
      status: last ? data.status : "playing",
      current_seat: step.seat,
      seats: seatsAt[current],
      dice: step.dice,
      announced: step.kind === "roll" ? step.announced : null,
    },
  };
  const lastPlace = step.kind === "place" ? { seat: step.seat, box: step.box, column: step.column } : null;
  render(cards, renderCards({ state, rules, mine: () => false, myTurn: false, options: new Map(), lastPlace, busy: true, place: () => {} }));
  for (const [go, disabled] of [["first", current === 0], ["prev", current === 0], ["next", last], ["last", last]]) {
    root.querySelector(`[data-go=${go}]`).setAttribute("aria-disabled", String(disabled));
  }
  if (location.hash !== `#step-${current + 1}`) history.replaceState(null, "", `#step-${current + 1}`);
  if (announce) $("replay-live").textContent = [step.text, words].filter(Boolean).join(". ");
}

function stepFromHash() {
  const match = /^#step-(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) - 1 : 0;
}

const moves = { first: () => 0, prev: () => current - 1, next: () => current + 1, last: () => count - 1 };

root.addEventListener("click", (event) => {
  const button = event.target.closest("[data-go]");
  if (button && count) show(moves[button.dataset.go]());
});

const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
document.addEventListener("keydown", (event) => {
  const go = KEYS[event.key];
  if (!go || !count || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
  event.preventDefault();
  show(moves[go]());
});

window.addEventListener("hashchange", () => count && show(stepFromHash()));

if (count) show(stepFromHash(), { announce: false });
else $("replay-text").textContent = gettext("Nobody rolled in this game.");
