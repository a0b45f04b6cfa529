// A page in French (<html lang="fr">): figures, lists and the move log's lists of names
// as French writes them (static/js/i18n.js, static/js/text.js). The sentences stay in the
// catalog's English here: only what Intl writes changes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setPageLanguage } from "./support/globals.js";

setPageLanguage("fr");
const { formatList, formatNumber } = await import("../../static/js/i18n.js");
const { fmt } = await import("../../static/js/render/coach.js");
const { rankingSentence } = await import("../../static/js/text.js");

test("figures have a decimal comma and the same rounding", () => {
  assert.equal(fmt(98.149), "98,1");
  assert.equal(fmt(0.25), "0,3");
  assert.equal(formatNumber(265.11, { maximumFractionDigits: 2 }), "265,11");
  assert.equal(formatNumber(2.675, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), "2,68");
});

test("names are joined with « et »", () => {
  assert.equal(formatList(["Ada", "Bob", "Cy"]), "Ada, Bob et Cy");
  assert.equal(
    rankingSentence([{ rank: 1, player: "Ada", total: 9 }, { rank: 1, player: "Léa", total: 9 }]),
    "The game is over: Ada et Léa share the win with 9 points.",
  );
});
