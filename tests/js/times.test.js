// Times as the page writes them: the live turn clock (render/board.js), a day's deadline
// and what is left of it (render/holiday.js), and moments in the device's own time zone
// (i18n.js: the server writes UTC).
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";

process.env.TZ = "Europe/Stockholm"; // the device's zone, before i18n.js makes its formats
const { formatMoment, formatTime } = await import("../../static/js/i18n.js");
const { formatSeconds } = await import("../../static/js/render/board.js");
const { deadlineText, leftText, onHoliday } = await import("../../static/js/render/holiday.js");

const HOUR = 3600;
const DAY = 24 * HOUR;

test("the live clock shows minutes and seconds, a started second counting as whole", () => {
  assert.equal(formatSeconds(65.2), "1:06");
  assert.equal(formatSeconds(60), "1:00");
  assert.equal(formatSeconds(9.01), "0:10");
  assert.equal(formatSeconds(600), "10:00");
  assert.equal(formatSeconds(0), "0:00");
  assert.equal(formatSeconds(-3), "0:00");
});

test("what is left of a day's turn: days and hours, hours and minutes, or minutes", () => {
  assert.equal(leftText(2 * DAY + 3 * HOUR + 59), "2 d 3 h left");
  assert.equal(leftText(5 * HOUR + 19 * 60 + 1), "5 h 20 min left"); // a started minute counts
  assert.equal(leftText(HOUR + 59 * 60 + 29), "1 h 59 min left"); // never "60 min"
  assert.equal(leftText(12 * 60), "12 min left");
  assert.equal(leftText(-5), "0 min left");
});

test("moments are written in the device's time zone", () => {
  // 13:00 UTC is 14:00 in Stockholm in November, 15:00 in June (summer time).
  assert.match(formatMoment("2026-11-28T13:00:00Z"), /Sat.*Nov.*28.*02:00\sPM/u);
  assert.match(formatMoment("2026-06-27T13:00:00Z"), /Sat.*Jun.*27.*03:00\sPM/u);
  assert.match(formatTime("2026-11-28T23:30:00Z"), /^12:30\sAM$/u);
});

test("a deadline reads as the moment it falls, and the time left", (t) => {
  t.mock.method(Date, "now", () => Date.parse("2026-11-28T13:00:00Z"));
  assert.match(deadlineText(DAY + 90), /^until Sun, Nov 29.*02:01\sPM \(1 d 0 h left\)$/u);
});

test("a seat is on holiday until its holiday ends, and a bot never is", (t) => {
  t.mock.method(Date, "now", () => Date.parse("2026-11-28T13:00:00Z"));
  assert.equal(onHoliday({ holiday_until: "2026-11-29T09:00:00Z" }), true);
  assert.equal(onHoliday({ holiday_until: "2026-11-28T12:59:59Z" }), false);
  assert.equal(onHoliday({ holiday_until: "2026-11-29T09:00:00Z", bot: true }), false);
  assert.equal(onHoliday({ holiday_until: null }), false);
});
