// The move log's sentences and the box titles (static/js/text.js), in English with no
// translations, as Django's JavaScript catalog gives them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setPageData } from "./support/globals.js";

// The words the room page embeds ("rule-texts", common/rule_texts.py), for two
// variants: Yahtzee with either joker rule, and Yams with its columns.
setPageData("rule-texts", [
  {
    name: "yahtzee",
    options: { joker: "forced" },
    title: "Yahtzee",
    summary: "13 boxes",
    special_rules: ["Joker rule: forced"],
    columns: { main: { title: "Score", rule: "" } },
    boxes: { full_house: { title: "Full house", rule: "25 points" }, chance: { title: "Chance", rule: "Sum" } },
    sections: { upper: "Upper section", lower: "Lower section" },
  },
  {
    name: "yahtzee",
    options: { joker: "free" },
    title: "Yahtzee (free joker)",
    columns: { main: { title: "Score", rule: "" } },
    boxes: { full_house: { title: "Full house", rule: "25 points" } },
    sections: {},
  },
  {
    name: "yams",
    options: {},
    title: "Yams",
    columns: { down: { title: "Down", rule: "top to bottom" }, free: { title: "Free", rule: "" } },
    boxes: { straight: { title: "Straight", rule: "40 points" }, max: { title: "Maximum", rule: "Sum" } },
    sections: {},
  },
]);
const text = await import("../../static/js/text.js");

const yahtzee = new text.Rules({
  name: "yahtzee",
  options: { joker: "forced" },
  columns: [{ key: "main" }],
  sections: [
    { name: "upper", boxes: [{ key: "fives" }] },
    { name: "lower", boxes: [{ key: "full_house" }, { key: "chance" }] },
  ],
});
const yams = new text.Rules({
  name: "yams",
  options: {},
  columns: [{ key: "down" }, { key: "free" }],
  sections: [{ name: "lower", boxes: [{ key: "straight" }, { key: "max" }] }],
});
const state = { game: { seats: [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bob" }, { seat: 2, name: "Cy" }] } };
const say = (event, rules = yahtzee) => text.describe(event, state, rules);

test("a variant's words are those of its options, else the variant's first", () => {
  assert.equal(text.wordsOf("yahtzee", { joker: "free" }).title, "Yahtzee (free joker)");
  assert.equal(text.wordsOf("yahtzee", { joker: "forced" }).title, "Yahtzee");
  assert.equal(text.wordsOf("yahtzee", { joker: "other" }).title, "Yahtzee");
  assert.equal(text.wordsOf("yatzy", {}), null);
});

test("boxes and columns have their variant's titles, another variant's, or their key in words", () => {
  assert.equal(yahtzee.title, "Yahtzee");
  assert.equal(yahtzee.boxTitle("full_house"), "Full house");
  assert.equal(yahtzee.boxTitle("straight"), "Straight"); // a Yams box, in an old event
  assert.equal(yahtzee.boxTitle("two_pairs"), "Two pairs");
  assert.deepEqual(yahtzee.upperBoxes, ["fives"]);
  assert.equal(yahtzee.boxes.get("chance").section, "lower");
  assert.equal(yahtzee.sections[0].title, "Upper section");
  assert.equal(yahtzee.hasYahtzeeBonus, true);
  assert.equal(yams.hasYahtzeeBonus, false);
});

test("a box is named with its column only where the sheet has several", () => {
  assert.equal(yahtzee.where("full_house", "main"), "Full house");
  assert.equal(yams.where("straight", "down"), "Straight (Down)");
  assert.equal(yams.where("max", "up"), "Maximum (Up)");
});

test("rolls and placements, by the actor or by the seat's name", () => {
  assert.equal(say({ kind: "roll", actor: "Ada", data: { dice: [6, 6, 2, 3, 6] } }), "Ada rolled 6 6 2 3 6");
  assert.equal(say({ kind: "roll", data: { seat: 1, dice: [1, 2] } }), "Bob rolled 1 2");
  assert.equal(
    say({ kind: "place", actor: "Bob", data: { box: "full_house", column: "main", points: 25 } }),
    "Bob scored 25 in Full house",
  );
  assert.equal(
    say({ kind: "place", actor: "Cy", data: { box: "straight", column: "free", points: 40, bonus: 100 } }, yams),
    "Cy scored 40 in Straight (Free) plus a 100 bonus",
  );
  assert.equal(say({ kind: "place", data: { seat: 5, box: "chance", points: 7 } }), "seat 6 scored 7 in Chance");
});

test("the last placement says how the game ended, a shared win included", () => {
  const ranking = [
    { rank: 1, player: "Ada", total: 250 },
    { rank: 1, player: "Bob", total: 250 },
    { rank: 1, player: "Cy", total: 250 },
  ];
  assert.equal(
    say({ kind: "place", actor: "Cy", data: { box: "chance", points: 20, ranking } }),
    "Cy scored 20 in Chance. The game is over: Ada, Bob and Cy share the win with 250 points.",
  );
  assert.equal(text.rankingSentence([{ rank: 1, player: "Ada", total: 1 }]), "The game is over: Ada finished with 1 point.");
  assert.equal(
    text.rankingSentence([{ rank: 1, player: "Ada", total: 190 }, { rank: 2, player: "Bob", total: 180 }]),
    "The game is over: Ada wins with 190 points.",
  );
  assert.equal(text.rankingSentence([]), "The game is over.");
});

test("what the table played for an absent player, step by step", () => {
  const data = { roll: { seat: 2, dice: [1, 2, 3, 4, 6] }, place: { seat: 2, box: "chance", points: 16 } };
  assert.equal(say({ kind: "timeout", data }), "Cy ran out of time: the table rolled 1 2 3 4 6 and scored 16 in Chance for them");
  assert.equal(
    say({ kind: "skip", actor: "Ada", data: { place: { seat: 1, box: "full_house", points: 0 } } }),
    "Ada skipped Bob's turn: the table scored 0 in Full house for them",
  );
});

test("duplicate dice: a sealed move hides its dice until the round closes", () => {
  assert.equal(say({ kind: "roll", actor: "Ada", data: { sealed: true, seat: 0 } }), "Ada rolled");
  const closing = {
    kind: "place",
    data: {
      place: {
        seat: 1,
        sealed: true,
        revealed: [{ seat: 0, box: "chance", points: 21 }, { seat: 1, box: "full_house", points: 25 }],
      },
    },
  };
  assert.equal(say(closing), "Bob scored. The round is over: Ada 21 in Chance and Bob 25 in Full house");
});

test("rooms closed for idleness say how long they waited, in hours or days", () => {
  assert.equal(say({ kind: "room_closed", data: { cause: "idle", hours: 24 } }), "The room closed after 24 hours without activity");
  assert.equal(say({ kind: "room_closed", data: { cause: "idle", days: 30 } }), "The room closed after 30 days without activity");
  assert.equal(say({ kind: "room_closed", data: { cause: "idle", hours: 1 } }), "The room closed after 1 hour without activity");
  assert.equal(say({ kind: "room_closed", data: { cause: "idle", hours: 36 } }), "The room closed after 36 hours without activity");
  assert.equal(say({ kind: "room_closed", data: {} }), "The room closed");
});

test("events the move log does not show give no line", () => {
  for (const kind of ["chat", "react", "presence", "something_newer"]) assert.equal(say({ kind, actor: "Ada", data: {} }), null);
});
