// The open tables' page's refresh (static/js/pages/tables.js): the list's address keeps
// the page's filters; a refresh waits while the page is hidden, and keeps what shows when
// a load fails.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { ListRefresh, REFRESH_MS, listUrl } from "../../static/js/pages/tables.js";

test("the list's address keeps the filters and asks for the list alone", () => {
  assert.equal(listUrl("/tables/", "?variant=yatzy&pace=day"), "/tables/?variant=yatzy&pace=day&part=list");
  assert.equal(listUrl("/tables/", ""), "/tables/?part=list");
});

test("a hidden page is not refreshed, a shown one at once, and a failed load keeps what shows", async () => {
  const shown = [];
  const every = [];
  let visible = false;
  let fail = false;
  const refresh = new ListRefresh({
    load: async () => {
      if (fail) throw new Error("down");
      return { rows: [] };
    },
    show: (list) => shown.push(list),
    isVisible: () => visible,
    timers: { setInterval: (call, ms) => every.push(ms) },
  });
  refresh.start();
  assert.deepEqual(every, [REFRESH_MS]);
  await refresh.refresh();
  assert.equal(shown.length, 0);
  visible = true;
  await refresh.shown();
  assert.equal(shown.length, 1);
  fail = true;
  const warn = console.warn;
  console.warn = () => {};
  try {
    await refresh.refresh();
  } finally {
    console.warn = warn;
  }
  assert.equal(shown.length, 1);
});
