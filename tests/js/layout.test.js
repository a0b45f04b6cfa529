// The room's layout variables (static/js/ui/layout.js): a custom property is written only
// when its value changes, since setting one on the root restyles the whole page. Built
// from a small fake element whose inline style counts its writes.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./support/globals.js";

const { setVariable } = await import("../../static/js/ui/layout.js");

/** An element whose inline style holds custom properties and counts the writes. */
function styled() {
  const values = new Map();
  const style = {
    writes: 0,
    getPropertyValue: (name) => values.get(name) ?? "",
    setProperty: (name, value) => {
      style.writes += 1;
      values.set(name, value);
    },
  };
  return { style };
}

test("a new value is written", () => {
  const el = styled();
  setVariable(el, "--board-h", "120px");
  assert.equal(el.style.getPropertyValue("--board-h"), "120px");
  assert.equal(el.style.writes, 1);
});

test("the value it holds already is not written again", () => {
  const el = styled();
  setVariable(el, "--board-h", "120px");
  setVariable(el, "--board-h", "120px");
  assert.equal(el.style.writes, 1);
});

test("a changed value replaces the old one, and each property is kept apart", () => {
  const el = styled();
  setVariable(el, "--board-h", "120px");
  setVariable(el, "--sheet-head-page", "0px");
  setVariable(el, "--board-h", "96px");
  assert.equal(el.style.getPropertyValue("--board-h"), "96px");
  assert.equal(el.style.getPropertyValue("--sheet-head-page"), "0px");
  assert.equal(el.style.writes, 3);
});
