// Node's mock timers (node:test's mock.timers) for a test: setTimeout and setInterval run
// only when the test moves the clock on, and are restored when it ends. Node 20 takes an
// options object, Node 18.19 (Debian 12's) the list of timers; both are asked here.

/** Mock ``apis`` for test ``t``; returns its mock.timers (``tick(ms)`` moves time on). */
export function mockTimers(t, apis = ["setTimeout", "setInterval"]) {
  const timers = t.mock.timers;
  try {
    timers.enable({ apis });
  } catch (error) {
    if (error.code !== "ERR_INVALID_ARG_TYPE") throw error;
    timers.enable(apis);
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
