// Presence between states (static/js/room/presence.js): a member reconnecting is "gone"
// 30 s after they were last seen, and their seat may be handed to a bot after the room's
// wait; the page redraws when each wait runs out, with no new state to say so.
import assert from "node:assert/strict";
import { test } from "node:test";
import { mockTimers, steppedClock } from "./support/timers.js";
import { Presence } from "../../static/js/room/presence.js";

/** A table where Ada is online and Bob, last seen ``ago`` seconds before the state
 *  arrived, is ``presence``; the state arrived at time 0. */
function tableWithBob(presence, ago) {
  return {
    stateAt: 0,
    state: {
      members: [
        { player: 1, name: "Ada", presence: "online", seen_seconds_ago: 0 },
        { player: 2, name: "Bob", presence, seen_seconds_ago: ago },
        { player: 3, name: "Bot", bot: true, presence: "online" },
      ],
    },
  };
}

/** Presence over ``store`` counting redraws, with the clock and timers mocked. */
function watching(t, store, handoverAfter) {
  const clock = steppedClock(t, mockTimers(t, ["setTimeout"]), Date);
  const drawn = [];
  const presence = new Presence({ store, draw: () => drawn.push(clock.now / 1000), handoverAfter });
  return { clock, drawn, presence, bob: store.state.members[1] };
}

test("reconnecting becomes gone 30 s after the last sight, then the hand-over wait ends", (t) => {
  const store = tableWithBob("reconnecting", 10);
  const { clock, drawn, presence, bob } = watching(t, store, "60");
  presence.schedule();
  assert.equal(presence.awayFor(bob), 10);
  clock.advance(20000);
  assert.equal(bob.presence, "reconnecting"); // a grace of half a second on every wait
  clock.advance(500);
  assert.equal(bob.presence, "gone");
  assert.deepEqual(drawn, [20.5]);
  clock.advance(30000);
  assert.deepEqual(drawn, [20.5, 50.5]); // 60 s away: "Hand to bot" may show now
  clock.advance(600000);
  assert.deepEqual(drawn, [20.5, 50.5]); // nothing more to wait for
});

test("the hand-over wait is the room's, 60 s when the page does not say", (t) => {
  const store = tableWithBob("gone", 40);
  const { clock, drawn, presence } = watching(t, store, "90");
  assert.equal(presence.handoverAfter, 90);
  presence.schedule();
  clock.advance(50500);
  assert.deepEqual(drawn, [50.5]);
  assert.equal(new Presence({ store, draw: () => {}, handoverAfter: undefined }).handoverAfter, 60);
});

test("everyone online, or only bots away: nothing is waited for", (t) => {
  const store = tableWithBob("online", 0);
  store.state.members[2].presence = "gone"; // a bot is never away
  const { clock, drawn, presence } = watching(t, store, "60");
  presence.schedule();
  clock.advance(600000);
  assert.deepEqual(drawn, []);
});

test("a new state's schedule replaces the one before", (t) => {
  const store = tableWithBob("reconnecting", 10);
  const { clock, drawn, presence, bob } = watching(t, store, "60");
  presence.schedule();
  clock.advance(10000);
  bob.presence = "online"; // Bob came back: the next state says so
  presence.schedule();
  clock.advance(600000);
  assert.deepEqual(drawn, []);
  assert.equal(bob.presence, "online");
});
