// The boxes the dice can fill now, as the room page reads them from the state
// (static/js/room/placements.js; docs/protocol.md, `game.options`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Store } from "../../static/js/room/store.js";
import { placements } from "../../static/js/room/placements.js";

test("options by column and box read as a list in column, then sheet order", () => {
  const game = { options: { x1: { ones: [2, 0, 2], yahtzee: [50, 0, 50] }, x2: { ones: [2, 0, 4] } } };
  assert.deepEqual(placements(game), [
    { column: "x1", box: "ones", points: 2, bonus: 0, gain: 2 },
    { column: "x1", box: "yahtzee", points: 50, bonus: 0, gain: 50 },
    { column: "x2", box: "ones", points: 2, bonus: 0, gain: 4 },
  ]);
});

test("no game, or no roll to fill, has no options", () => {
  assert.deepEqual(placements(null), []);
  assert.deepEqual(placements({ options: {} }), []);
});

test("a roll's patch that names only the boxes it changed leaves the others as they were", () => {
  const store = new Store({ sync: () => assert.fail("no sync") });
  const options = { main: { ones: [1, 0, 1], fives: [10, 0, 10], chance: [18, 0, 18] } };
  store.receive({ type: "state", version: 5, members: [], game: { dice: [1, 5, 5, 3, 4], options }, log: [] });
  store.patch({
    type: "patch", version: 6, base: 5,
    ops: [
      { op: "replace", path: "/game/dice", value: [1, 5, 5, 3, 5] },
      { op: "replace", path: "/game/options/main/fives", value: [15, 0, 15] },
      { op: "replace", path: "/game/options/main/chance", value: [19, 0, 19] },
    ],
  });
  assert.deepEqual(placements(store.state.game).map((o) => [o.box, o.points]), [["ones", 1], ["fives", 15], ["chance", 19]]);
  assert.deepEqual(options.main.fives, [10, 0, 10]); // the state before is left as it was
});
