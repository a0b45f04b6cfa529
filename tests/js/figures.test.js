// Figures as the page writes them (static/js/i18n.js, the coach's and the replay's values):
// rounded once, half away from zero from the shortest decimal form (docs/decisions/0051),
// in the page's language.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";
import { formatList, formatNumber } from "../../static/js/i18n.js";
import { fmt } from "../../static/js/render/coach.js";

const digits = (n) => ({ minimumFractionDigits: n, maximumFractionDigits: n, useGrouping: false });

test("the coach's values have one decimal, rounded half away from zero", () => {
  assert.equal(fmt(98.149), "98.1"); // rounded once: not 98.15, then 98.2
  assert.equal(fmt(98.15), "98.2");
  assert.equal(fmt(0.25), "0.3");
  assert.equal(fmt(-0.25), "-0.3");
  assert.equal(fmt(254.5877287), "254.6");
  assert.equal(fmt(12), "12.0");
  assert.equal(fmt("242.14"), "242.1"); // a value read from JSON text
});

test("with two decimals, 2.675 is 2.68 (its shortest decimal form, not its binary value)", () => {
  assert.equal(formatNumber(2.675, digits(2)), "2.68");
  assert.equal(formatNumber(1.005, digits(2)), "1.01");
  assert.equal(formatNumber(-2.675, digits(2)), "-2.68");
  assert.equal(formatNumber(0.004, digits(2)), "0.00");
});

test("large figures are grouped unless asked not to be", () => {
  assert.equal(formatNumber(1234567.891, digits(1)), "1234567.9");
  assert.equal(formatNumber(1234567), "1,234,567");
});

test("names are listed as English lists them", () => {
  assert.equal(formatList(["Ada", "Bob", "Cy"]), "Ada, Bob, and Cy");
  assert.equal(formatList([1, 2]), "1 and 2");
});
