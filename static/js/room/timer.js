// The turn timer: the seconds a state gives count down locally until the next state.
import { formatSeconds } from "../render/board.js";
import { deadlineText } from "../render/holiday.js";
import { root } from "./page.js";

const timer = { seconds: null, at: 0 };

/** Start counting from the seconds left in ``game`` (none: no timer). */
export function setTimer(game) {
  if (game && game.seconds_left !== null && game.seconds_left !== undefined) {
    Object.assign(timer, { seconds: game.seconds_left, at: performance.now() });
  } else {
    Object.assign(timer, { seconds: null, at: 0 });
  }
}

export function tickTimer() {
  const el = root.querySelector("[data-testid=timer]");
  if (!el || timer.seconds === null) return;
  const left = Math.max(0, timer.seconds - (performance.now() - timer.at) / 1000);
  const byTheDay = el.dataset.pace === "day";
  el.querySelector(".timer__text").textContent = byTheDay ? deadlineText(left) : formatSeconds(left);
  el.classList.toggle("is-low", left <= (byTheDay ? 3600 : 10));
  el.style.setProperty("--left", left.toFixed(1));
}

/** Redraw the countdown four times a second. */
export function startTicking() {
  setInterval(tickTimer, 250);
}
