// The turn timer: the seconds a state gives count down locally until the next state.
import { formatSeconds } from "../render/board.js";
import { deadlineText } from "../render/holiday.js";

const TICK_EVERY = 250; // ms: the countdown is redrawn four times a second

/** The countdown shown in ``root``'s timer element (data-testid=timer, drawn by
 *  render/board.js): live turns in minutes and seconds, turns by the day as a deadline. */
export class TurnTimer {
  constructor(root) {
    this.root = root;
    this.seconds = null; // left when the state arrived (null: no timer)
    this.at = 0; // performance.now() then
    this.ticking = null;
  }

  /** Start counting from the seconds left in ``game`` (none: no timer). */
  set(game) {
    if (game && game.seconds_left !== null && game.seconds_left !== undefined) {
      Object.assign(this, { seconds: game.seconds_left, at: performance.now() });
    } else {
      Object.assign(this, { seconds: null, at: 0 });
    }
  }

  /** Seconds left now (null: no timer). */
  left() {
    if (this.seconds === null) return null;
    return Math.max(0, this.seconds - (performance.now() - this.at) / 1000);
  }

  /** Redraw the countdown. */
  tick() {
    const el = this.root.querySelector("[data-testid=timer]");
    const left = this.left();
    if (!el || left === null) return;
    const byTheDay = el.dataset.pace === "day";
    el.querySelector(".timer__text").textContent = byTheDay ? deadlineText(left) : formatSeconds(left);
    el.classList.toggle("is-low", left <= (byTheDay ? 3600 : 10));
    el.style.setProperty("--left", left.toFixed(1));
  }

  /** Redraw the countdown four times a second, from now on. */
  start() {
    clearInterval(this.ticking);
    this.ticking = setInterval(() => this.tick(), TICK_EVERY);
  }
}
