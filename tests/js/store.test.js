// The room page's store (static/js/room/store.js): which messages from the server give
// a new state, and what the state is after a patch (docs/protocol.md, `patch`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Store } from "../../static/js/room/store.js";

/** A state of ``version`` at a table of two (Ada online 3 s ago, Bob away 40 s ago). */
function stateAt(version, extra = {}) {
  return {
    type: "state",
    version,
    room: { code: "abc", status: "open" },
    members: [
      { player: 1, name: "Ada", presence: "online", seen_seconds_ago: 3 },
      { player: 2, name: "Bob", presence: "away", seen_seconds_ago: 40 },
    ],
    game: { version: 1, dice: [1, 2, 3, 4, 5], rolls_left: 2, seconds_left: 50 },
    log: [],
    ...extra,
  };
}

/** A store recording what it drew and how often it asked for `sync`. */
function recordingStore() {
  const seen = { syncs: 0, changes: [] };
  const store = new Store({ sync: () => (seen.syncs += 1) });
  store.onChange = (state, previous) => seen.changes.push({ state, previous });
  return { store, seen };
}

const roll = (base, dice) => ({
  type: "patch",
  version: base + 1,
  base,
  seconds_left: 37,
  ops: [
    { op: "replace", path: "/game/dice", value: dice },
    { op: "replace", path: "/game/rolls_left", value: 1 },
    { op: "replace", path: "/event", value: { kind: "roll", dice } },
    { op: "copy", from: "/event", path: "/log/0" },
  ],
});

test("the first state is taken, then patches apply in order, each on the one before", () => {
  const { store, seen } = recordingStore();
  assert.equal(store.version, null);
  assert.equal(store.receive(stateAt(42)), true);
  assert.equal(store.patch(roll(42, [6, 6, 1, 3, 6])), true);
  assert.equal(store.patch(roll(43, [6, 6, 6, 2, 6])), true);
  assert.equal(store.version, 44);
  assert.deepEqual(store.state.game.dice, [6, 6, 6, 2, 6]);
  assert.deepEqual(store.state.log.map((e) => e.dice), [[6, 6, 6, 2, 6], [6, 6, 1, 3, 6]]);
  assert.equal(store.state.game.seconds_left, 37);
  assert.deepEqual(seen.changes.map((c) => c.state.version), [42, 43, 44]);
  assert.equal(seen.changes[0].previous, null);
  assert.equal(seen.syncs, 0);
});

test("a patch leaves the state it was applied to as it was", () => {
  const { store, seen } = recordingStore();
  store.receive(stateAt(42));
  store.patch(roll(42, [6, 6, 1, 3, 6]));
  const { previous } = seen.changes[1];
  assert.equal(previous.version, 42);
  assert.deepEqual(previous.game.dice, [1, 2, 3, 4, 5]);
  assert.deepEqual(previous.log, []);
});

test("a patch with no seconds_left means no clock runs", () => {
  const { store } = recordingStore();
  store.receive(stateAt(42));
  const patch = roll(42, [2, 2, 2, 2, 2]);
  delete patch.seconds_left;
  store.patch(patch);
  assert.equal(store.state.game.seconds_left, null);
});

test("an old or repeated version is dropped, state or patch", () => {
  const { store, seen } = recordingStore();
  store.receive(stateAt(42));
  store.patch(roll(42, [6, 6, 1, 3, 6]));
  assert.equal(store.patch(roll(42, [5, 5, 5, 5, 5])), false); // version 43 again
  assert.equal(store.patch({ ...roll(40, [4, 4, 4, 4, 4]), base: 43 }), false); // 41 after 43
  assert.equal(store.receive(stateAt(43)), false);
  assert.equal(store.receive(stateAt(12)), false);
  assert.equal(store.version, 43);
  assert.deepEqual(store.state.game.dice, [6, 6, 1, 3, 6]);
  assert.equal(seen.changes.length, 2);
  assert.equal(seen.syncs, 0);
});

test("a state of the version held replaces it only when what the viewer screens changed", () => {
  const { store, seen } = recordingStore();
  const chat = [{ id: 1, player: 2, name: "Bob", text: "hi" }];
  store.receive(stateAt(42, { you: { player: 1, muted: [] }, chat }));
  assert.equal(store.receive(stateAt(42, { you: { player: 1, muted: [] }, chat })), false);
  assert.equal(store.receive(stateAt(42, { you: { player: 1, muted: [2] }, chat: [] })), true);
  assert.deepEqual(store.state.chat, []);
  assert.deepEqual(store.state.you.muted, [2]);
  assert.equal(store.receive(stateAt(41, { you: { player: 1, muted: [] }, chat })), false);
  assert.equal(seen.changes.length, 2);
});

test("a gap in versions asks for sync once; patches wait for its state, then build on it", () => {
  const { store, seen } = recordingStore();
  store.receive(stateAt(42));
  assert.equal(store.patch(roll(44, [3, 3, 3, 3, 3])), false); // 43 never came
  assert.equal(seen.syncs, 1);
  assert.equal(store.patch(roll(45, [4, 4, 4, 4, 4])), false); // still waiting
  assert.equal(seen.syncs, 1);
  assert.equal(store.version, 42);
  assert.equal(store.receive(stateAt(46, { game: { version: 9, dice: [1, 1, 1, 1, 1], rolls_left: 0, seconds_left: 20 } })), true);
  assert.equal(store.patch(roll(46, [6, 5, 4, 3, 2])), true);
  assert.equal(store.version, 47);
  assert.deepEqual(store.state.game.dice, [6, 5, 4, 3, 2]);
  assert.equal(seen.syncs, 1);
});

test("a patch that does not apply to the state held asks for sync instead", () => {
  const { store, seen } = recordingStore();
  store.receive(stateAt(42));
  const wrong = { type: "patch", version: 43, base: 42, ops: [{ op: "test", path: "/game/rolls_left", value: 0 }] };
  assert.equal(store.patch(wrong), false);
  assert.equal(seen.syncs, 1);
  assert.equal(store.version, 42);
});

test("presence comes with a patch when it changed; otherwise it counts on from the state held", (t) => {
  const clock = { now: 1_000_000 };
  t.mock.method(Date, "now", () => clock.now);
  const { store } = recordingStore();
  store.receive(stateAt(42));
  clock.now += 5000;
  // The host role passes: the patch redraws both members, without their presence.
  const redraw = {
    type: "patch",
    version: 43,
    base: 42,
    ops: [{ op: "replace", path: "/members", value: [{ player: 1, name: "Ada", host: false }, { player: 2, name: "Bob", host: true }] }],
  };
  store.patch(redraw);
  assert.deepEqual(
    store.state.members.map((m) => [m.name, m.host, m.presence, m.seen_seconds_ago]),
    [["Ada", false, "online", 8], ["Bob", true, "away", 45]],
  );
  clock.now += 2000;
  store.patch({ ...roll(43, [1, 1, 2, 2, 3]), presence: [{ player: 2, presence: "online", seen_seconds_ago: 0 }] });
  assert.deepEqual(
    store.state.members.map((m) => [m.presence, m.seen_seconds_ago]),
    [["online", 10], ["online", 0]],
  );
});

/** Timers that run only when the test says (``fire``), so no real one outlives a test. */
function heldTimers(t) {
  const timers = [];
  t.mock.method(globalThis, "setTimeout", (callback, ms) => timers.push({ callback, ms }));
  return { timers, fire: () => timers.splice(0).forEach((timer) => timer.callback()) };
}

test("until() resolves once the state held reaches the version asked for", async (t) => {
  heldTimers(t);
  const { store } = recordingStore();
  store.receive(stateAt(42));
  await store.until(42); // already there
  await store.until(null); // nothing to wait for
  const order = [];
  const waiting = store.until(44).then(() => order.push("until 44"));
  store.patch(roll(42, [2, 3, 4, 5, 6]));
  await Promise.resolve();
  order.push("after 43");
  store.patch(roll(43, [2, 3, 4, 5, 5]));
  await waiting;
  assert.deepEqual(order, ["after 43", "until 44"]);
  assert.deepEqual(store.waiters, []);
});

test("until() gives up after four seconds when the version never comes", async (t) => {
  const clock = heldTimers(t);
  const { store } = recordingStore();
  store.receive(stateAt(42));
  let done = false;
  const waiting = store.until(50).then(() => (done = true));
  await Promise.resolve();
  assert.equal(done, false);
  assert.deepEqual(clock.timers.map((timer) => timer.ms), [4000]);
  clock.fire();
  await waiting;
  assert.equal(done, true);
});
