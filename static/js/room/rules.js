// The rules the page draws with: the room's (they name the variant in the room bar and
// the title), and those of the game on the table, which a finished game keeps.
import { Rules } from "../text.js";

/** Whether a finished game's cards can be drawn with ``rules``: every column and box
 *  filled on them exists there. */
function fits(rules, game) {
  return game.seats.every((seat) =>
    Object.entries(seat.boxes || {}).every(
      ([column, boxes]) => rules.columnMap.has(column) && Object.keys(boxes || {}).every((box) => rules.boxes.has(box)),
    ),
  );
}

/** The rules of the game in ``state`` (null when they are not known any more), given the
 *  room's ``rules``. A game in play has the room's; a finished one keeps those it was
 *  seen with (``known``), since the host may have changed the room since. */
function gameRules(state, rules, known) {
  const game = state.game;
  if (!game) return { number: null, rules: null };
  if (game.ruleset) return { number: game.number, rules: new Rules(game.ruleset) }; // if the server ever says
  if (game.status === "playing") return { number: game.number, rules };
  if (known.number === game.number && known.rules) return known;
  return { number: game.number, rules: fits(rules, game) ? rules : null };
}

/** Keeps ``app.rules`` and ``app.game`` up with each state, the variant's name in
 *  ``variantLabel`` and in the page's title. */
export class PageRules {
  constructor({ app, variantLabel }) {
    this.app = app;
    this.variantLabel = variantLabel;
    // "<variant> room <code> — Five Dice": the variant part follows the room's settings.
    this.titleTail = document.title.startsWith(variantLabel.textContent)
      ? document.title.slice(variantLabel.textContent.length)
      : ` · ${document.title}`;
    this.baseTitle = document.title;
  }

  /** The page's title without the "your turn" mark. */
  pageTitle() {
    return this.baseTitle;
  }

  /** Follow the rules of a new state: the room's, and the game's. */
  follow(state) {
    const app = this.app;
    const rulesKey = JSON.stringify([state.room.ruleset.name, state.room.ruleset.options]);
    if (rulesKey !== app.rulesKey) {
      app.rules = new Rules(state.room.ruleset);
      app.rulesKey = rulesKey;
      this.variantLabel.textContent = app.rules.title;
      this.baseTitle = `${app.rules.title}${this.titleTail}`;
    }
    app.game = gameRules(state, app.rules, app.game);
  }
}
