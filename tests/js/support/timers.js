// A virtual clock for a test's timers: setTimeout and setInterval (and their clears) run
// only when the test moves the clock on with ``tick(ms)``, in the order they fall due, and
// the real ones are back when the test ends. Node's own mock.timers would do it on Node
// 20, but Debian 12's Node 18 mocks them wrongly (an interval fires every millisecond
// after its first time; clearTimeout(null) stops the next timer from ever firing), and
// the suite runs on both (docs/decisions/0058).

class VirtualTimers {
  constructor() {
    this.now = 0;
    this.last = 0;
    this.pending = new Map();
  }

  add(callback, ms, args, every) {
    this.last += 1;
    const delay = Math.max(0, Number(ms) || 0);
    this.pending.set(this.last, { callback, args, at: this.now + delay, every });
    return this.last;
  }

  clear(id) {
    this.pending.delete(id);
  }

  /** The timer due first by ``end`` (the one set first among those due together). */
  next(end) {
    let found = null;
    for (const [id, timer] of this.pending) {
      if (timer.at <= end && (found === null || timer.at < found[1].at)) found = [id, timer];
    }
    return found;
  }

  /** Move the clock on by ``ms``, running every timer that falls due meanwhile. */
  tick(ms) {
    const end = this.now + ms;
    for (let due = this.next(end); due !== null; due = this.next(end)) {
      const [id, timer] = due;
      this.now = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.pending.delete(id);
      timer.callback(...timer.args);
    }
    this.now = end;
  }
}

/** Put ``apis`` (``setTimeout``, ``setInterval``) on a virtual clock for test ``t``;
 *  returns the clock (``tick(ms)`` moves it on). */
export function mockTimers(t, apis = ["setTimeout", "setInterval"]) {
  const timers = new VirtualTimers();
  const clear = (id) => timers.clear(id);
  if (apis.includes("setTimeout")) {
    t.mock.method(globalThis, "setTimeout", (callback, ms, ...args) =>
      timers.add(callback, ms, args, 0));
    t.mock.method(globalThis, "clearTimeout", clear);
  }
  if (apis.includes("setInterval")) {
    t.mock.method(globalThis, "setInterval", (callback, ms, ...args) =>
      timers.add(callback, ms, args, Math.max(1, Number(ms) || 0)));
    t.mock.method(globalThis, "clearInterval", clear);
  }
  return timers;
}

/** A clock for ``Date.now`` or ``performance.now`` (mocked on ``owner``) that moves with
 *  the mocked timers: ``advance(ms)`` moves both on, in one step. */
export function steppedClock(t, timers, owner, start = 0) {
  const clock = { now: start };
  t.mock.method(owner, "now", () => clock.now);
  clock.advance = (ms) => {
    clock.now += ms;
    timers.tick(ms);
  };
  return clock;
}
