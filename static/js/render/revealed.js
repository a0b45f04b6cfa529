// Duplicate dice (`game.duplicate`): every seat rolls the same dice, so nobody sees
// another's dice of the open round. Once a round closes, the server sends each seat's
// turn of it (`game.revealed`); this draws them side by side under the players: every
// roll (kept dice marked) and the box it ended in.
import { h } from "../dom.js";

/** "25 in Full house" (or "0 in Yahtzee"), the box a revealed turn filled. */
function outcome(rules, turn) {
  if (!turn.box) return gettext("not scored");
  const values = { points: turn.points, where: rules.where(turn.box, turn.column), bonus: turn.bonus };
  return turn.bonus
    ? interpolate(gettext("%(points)s in %(where)s plus a %(bonus)s bonus"), values, true)
    : interpolate(gettext("%(points)s in %(where)s"), values, true);
}

function rollFaces(roll, index) {
  const kept = new Set(roll.held);
  const label = interpolate(gettext("roll %(n)s: %(dice)s"), { n: index + 1, dice: roll.dice.join(" ") }, true);
  return h(
    "span",
    { class: "round-dice__faces", role: "img", "aria-label": label },
    roll.dice.map((face, i) => h("span", { class: `round-dice__die${kept.has(i) ? " is-held" : ""}`, "aria-hidden": "true" }, String(face))),
  );
}

/** The last closed round of a duplicate game, every seat's turn of it; null when there
 *  is none yet (or the game is not played with the same dice). ``where`` tells apart the
 *  players panel's (during the game) and the results' (after it). */
export function renderRevealed(ctx, where) {
  const game = ctx.state.game;
  if (!game.duplicate || !game.revealed?.length) return null;
  const closed = game.status === "playing" ? game.round - 1 : game.round;
  const names = new Map(game.seats.map((s) => [s.seat, s.name]));
  return h(
    "section",
    { class: "revealed", "aria-labelledby": `revealed-title-${where}`, dataset: { testid: "revealed" } },
    h("h3", { class: "revealed__title", id: `revealed-title-${where}` }, interpolate(gettext("Round %(n)s with the same dice"), { n: closed }, true)),
    h(
      "ul",
      { class: "revealed__list" },
      game.revealed.map((turn) =>
        h(
          "li",
          { class: "revealed__turn", dataset: { testid: `revealed-${turn.seat}` } },
          h("span", { class: "revealed__name" }, names.get(turn.seat) || ""),
          h("span", { class: "revealed__rolls round-dice" }, turn.rolls.map(rollFaces)),
          h("span", { class: "revealed__box" }, outcome(ctx.rules, turn)),
        ),
      ),
    ),
  );
}
