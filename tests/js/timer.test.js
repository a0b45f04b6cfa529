// The turn's countdown (static/js/room/timer.js): the seconds a state gives count down
// on the page, four times a second, until the next state; a turn by the day shows its
// deadline instead. Built from a small fake root, with Node's mock timers.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { mockTimers, steppedClock } from "./support/timers.js";

const { TurnTimer } = await import("../../static/js/room/timer.js");

/** A root holding the timer element render/board.js draws (pace "live" or "day"). */
function timerRoot(pace = "live") {
  const text = { textContent: "" };
  const classes = new Set();
  const el = {
    dataset: { pace },
    text,
    classes,
    style: { left: null, setProperty: (name, value) => name === "--left" && (el.style.left = value) },
    classList: { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)) },
    querySelector: (selector) => (selector === ".timer__text" ? text : null),
  };
  const root = { timer: el, querySelector: (selector) => (selector === "[data-testid=timer]" ? root.timer : null) };
  return root;
}

/** A turn timer on a fresh root, ticking, with the page's clock and timers mocked. */
function ticking(t, pace) {
  const timers = mockTimers(t);
  const clock = steppedClock(t, timers, performance, 1000);
  const root = timerRoot(pace);
  const timer = new TurnTimer(root);
  timer.start();
  return { clock, root, el: root.timer, timer };
}

test("a live turn counts down from the state's seconds, redrawn four times a second", (t) => {
  const { clock, el, timer } = ticking(t, "live");
  timer.set({ seconds_left: 30 });
  clock.advance(250);
  assert.equal(el.text.textContent, "0:30"); // 29.75 s: a started second counts
  clock.advance(9750);
  assert.equal(el.text.textContent, "0:20");
  assert.equal(el.style.left, "20.0");
  assert.equal(el.classes.has("is-low"), false);
  clock.advance(10000);
  assert.equal(el.text.textContent, "0:10");
  assert.equal(el.classes.has("is-low"), true); // the last ten seconds
  clock.advance(60000);
  assert.equal(el.text.textContent, "0:00"); // never below zero
  assert.equal(el.style.left, "0.0");
});

test("only ticks redraw: between two ticks the clock shows what the last one drew", (t) => {
  const { clock, el, timer } = ticking(t, "live");
  timer.set({ seconds_left: 30 });
  clock.advance(250);
  assert.equal(el.text.textContent, "0:30");
  clock.now += 5000; // time passes, but no tick is due yet
  assert.equal(el.text.textContent, "0:30");
  clock.advance(250);
  assert.equal(el.text.textContent, "0:25");
});

test("a new state's seconds restart the count from when it arrived", (t) => {
  const { clock, el, timer } = ticking(t, "live");
  timer.set({ seconds_left: 30 });
  clock.advance(20000);
  assert.equal(el.text.textContent, "0:10");
  timer.set({ seconds_left: 45 }); // the next turn
  clock.advance(250);
  assert.equal(el.text.textContent, "0:45");
  assert.equal(el.classes.has("is-low"), false);
});

test("a turn by the day shows its deadline, low in its last hour", (t) => {
  const { clock, el, timer } = ticking(t, "day");
  t.mock.method(Date, "now", () => Date.parse("2026-11-28T13:00:00Z"));
  timer.set({ seconds_left: 2 * 3600 });
  clock.advance(250);
  assert.match(el.text.textContent, /^until .+ \(2 h 0 min left\)$/u);
  assert.equal(el.classes.has("is-low"), false);
  clock.advance(3600 * 1000);
  assert.match(el.text.textContent, /^until .+ \(1 h 0 min left\)$/u); // 59 min 59.75 s
  assert.equal(el.classes.has("is-low"), true);
  clock.advance(3000 * 1000);
  assert.match(el.text.textContent, /\(10 min left\)$/u);
});

test("no seconds, no clock: the element keeps what the renderer drew", (t) => {
  const { clock, el, timer } = ticking(t, "live");
  el.text.textContent = "drawn";
  timer.set({ seconds_left: null });
  clock.advance(1000);
  assert.equal(el.text.textContent, "drawn");
  timer.set(null); // between games
  clock.advance(1000);
  assert.equal(el.text.textContent, "drawn");
  assert.equal(timer.left(), null);
});

test("a page without the timer element ticks without drawing", (t) => {
  const { clock, root, timer } = ticking(t, "live");
  const el = root.timer;
  root.timer = null; // the board is not shown (the lobby, the results)
  timer.set({ seconds_left: 30 });
  clock.advance(1000);
  assert.equal(el.text.textContent, "");
  assert.equal(Math.round(timer.left()), 29);
});

test("starting again keeps one ticker, not two", (t) => {
  const { clock, el, timer } = ticking(t, "live");
  let draws = 0;
  el.querySelector = () => ({
    set textContent(value) {
      draws += 1;
    },
  });
  timer.start();
  timer.set({ seconds_left: 30 });
  clock.advance(1000);
  assert.equal(draws, 4);
});
