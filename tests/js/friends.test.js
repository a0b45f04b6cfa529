// The friends page (static/js/pages/friends.js): where friends are, refreshed every 30 s
// only while the page is visible, and shown on each friend's row.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { REFRESH_MS, WhereaboutsRefresh, applyWhereabouts } from "../../static/js/pages/friends.js";

function row(player, label) {
  const shown = { textContent: label, dataset: { whereabouts: "offline" }, className: "" };
  return { dataset: { player: String(player) }, shown, querySelector: () => shown };
}

function fakeTimers() {
  const timers = { every: null, callback: null, cleared: false };
  timers.setInterval = (callback, every) => Object.assign(timers, { callback, every }) && 7;
  timers.clearInterval = (id) => {
    timers.cleared = id === 7;
  };
  return timers;
}

test("each friend's row shows where they are; people not listed keep theirs", () => {
  const ada = row(1, "offline");
  const bob = row(2, "offline");
  applyWhereabouts([ada, bob], [{ player: 1, whereabouts: "at_table", label: "at a table" }]);
  assert.equal(ada.shown.textContent, "at a table");
  assert.equal(ada.shown.dataset.whereabouts, "at_table");
  assert.match(ada.shown.className, /friends-list__where--at_table/);
  assert.equal(bob.shown.textContent, "offline");
});

test("the refresh loads every 30 s while visible, never while hidden", async () => {
  const timers = fakeTimers();
  let visible = true;
  const loads = [];
  const applied = [];
  const refresh = new WhereaboutsRefresh({
    load: async () => {
      loads.push(visible);
      return [{ player: 1 }];
    },
    apply: (people) => applied.push(people),
    isVisible: () => visible,
    timers,
  });
  refresh.start();
  assert.equal(timers.every, REFRESH_MS);
  assert.equal(REFRESH_MS, 30000);
  await timers.callback();
  assert.equal(applied.length, 1);
  visible = false;
  await timers.callback();
  refresh.shown();
  assert.deepEqual(loads, [true]); // hidden: nothing asked
  visible = true;
  await refresh.shown();
  assert.equal(loads.length, 2); // shown again: at once
  refresh.stop();
  assert.equal(timers.cleared, true);
});

test("a failed load keeps what the page shows", async (t) => {
  t.mock.method(console, "warn", () => {});
  const applied = [];
  const refresh = new WhereaboutsRefresh({
    load: async () => {
      throw new Error("offline");
    },
    apply: (people) => applied.push(people),
    isVisible: () => true,
    timers: fakeTimers(),
  });
  await refresh.refresh();
  assert.deepEqual(applied, []);
});
