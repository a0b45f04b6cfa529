// The room's settings in words (static/js/variants.js), from the limits the room page
// embeds ("room-setup", games/web/rooms.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setPageData } from "./support/globals.js";

setPageData("room-setup", {
  variants: [{ name: "yahtzee", title: "Yahtzee" }, { name: "yams", title: "Yams" }],
  seats: [1, 6],
  timer: [20, 240],
  bot_levels: [{ name: "beginner", title: "Beginner" }, { name: "expert", title: "Expert" }],
});
const variants = await import("../../static/js/variants.js");

test("the limits are the server's", () => {
  assert.deepEqual([variants.MIN_SEATS, variants.MAX_SEATS], [1, 6]);
  assert.deepEqual([variants.TIMER_MIN, variants.TIMER_MAX], [20, 240]);
  assert.equal(variants.variantTitle("yams"), "Yams");
  assert.equal(variants.variantTitle("yatzy"), "yatzy"); // not offered: its key
  assert.equal(variants.variant("yatzy"), null);
});

test("bot levels have the server's titles, an unknown one its name capitalised", () => {
  assert.equal(variants.botLevelTitle("expert"), "Expert");
  assert.equal(variants.botLevelTitle("grandmaster"), "Grandmaster");
});

test("a span of hours is said in days when it is whole days", () => {
  assert.equal(variants.hoursText(1), "1 hour");
  assert.equal(variants.hoursText(36), "36 hours");
  assert.equal(variants.hoursText(24), "1 day");
  assert.equal(variants.hoursText(168), "7 days");
});

test("the turn limit in words, live or by the day", () => {
  assert.equal(variants.timerText(60), "60 s per turn");
  assert.equal(variants.timerText(0), "no turn timer");
  assert.equal(variants.timerText(null), "no turn timer");
  assert.equal(variants.timerText(86400, "day"), "by the day, 1 day per turn");
  assert.equal(variants.timerText(3 * 3600 + 100, "day"), "by the day, 3 hours per turn");
});

test("options, seats and the coach in words", () => {
  assert.equal(variants.optionText("joker", "free"), "Joker rule: free");
  assert.equal(variants.optionText("exact_counts", true), "Exact counts");
  assert.equal(variants.optionText("exact_counts", false), "Counts from more matching dice");
  assert.equal(variants.optionText("columns", 4), "columns: 4");
  assert.equal(variants.seatsText(1), "1 seat");
  assert.equal(variants.seatsText(4), "4 seats");
  assert.equal(variants.coachText(false), "no coach hints");
  assert.equal(variants.coachText(true), "coach hints");
});
